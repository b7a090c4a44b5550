"""The home page's invitation to play online, the lobby's ages and presence, the
invitation page, the import page and the sign-up form's checks."""

from __future__ import annotations

NNBSP = "\u202f"  # the narrow no-break space French puts before : ; ! ?

EN: dict[str, str] = {
    "options.pair": "{label}: {value}",
    "options.offseason.two_players": "Two-player variant",
    "options.none": "The standard rules, no variant.",
    "wait.invited_by": "{host} invites you to a game of {game}.",
    "wait.hosted_by": "{host}’s table: a game of {game}.",
    "wait.game": "A game of {game} for {n} players.",
    "wait.options": "Table options",
    "wait.explain.one": "The game starts when every seat is taken ({count} still free).",
    "wait.explain.other": "The game starts when every seat is taken ({count} still free).",
    "wait.yours_last": "One seat is free: take it and the game starts.",
    "wait.yours_others.one": "Take a seat: the game starts when {count} other seat is taken too.",
    "wait.yours_others.other": "Take a seat: the game starts when the {count} other free seats are taken too.",
}

FR: dict[str, str] = {
    "options.pair": f"{{label}}{NNBSP}: {{value}}",
    "options.offseason.two_players": "Variante pour deux joueurs",
    "options.none": "Les règles standard, sans variante.",
    "wait.invited_by": "{host} vous invite à une partie de {game}.",
    "wait.hosted_by": f"La table de {{host}}{NNBSP}: une partie de {{game}}.",
    "wait.game": "Une partie de {game} à {n} joueurs.",
    "wait.options": "Options de la table",
    "wait.explain.one": "La partie commence quand toutes les places sont prises (encore {count} libre).",
    "wait.explain.other": "La partie commence quand toutes les places sont prises (encore {count} libres).",
    "wait.yours_last": f"Il reste une place{NNBSP}: prenez-la et la partie commence.",
    "wait.yours_others.one": f"Prenez une place{NNBSP}: la partie commence quand {{count}} autre place sera prise aussi.",
    "wait.yours_others.other": f"Prenez une place{NNBSP}: la partie commence quand les {{count}} autres places libres seront prises aussi.",
}
