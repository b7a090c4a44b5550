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
    "lobby.waited.now": "just opened",
    "lobby.waited.minutes": "waiting for {n} min",
    "lobby.waited.hours": "waiting for {n} h",
    "lobby.waited.days.one": "waiting for {count} day",
    "lobby.waited.days.other": "waiting for {count} days",
    "lobby.present.one": "{names} present",
    "lobby.present.other": "{names} present",
    "lobby.nobody": "nobody here",
    "table.unattended": "This table was closed: nobody had been at it for a long while.",
    "home.intro_online": "Play against a bot, with a friend on the same screen, or with friends online: send them an invitation link, or meet other players in the lobby, where you can also watch the games being played. No sign-up: your games are kept in this browser.",
    "home.to_lobby": "Go to the lobby",
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
    "lobby.waited.now": "vient d’ouvrir",
    "lobby.waited.minutes": "en attente depuis {n} min",
    "lobby.waited.hours": "en attente depuis {n} h",
    "lobby.waited.days.one": "en attente depuis {count} jour",
    "lobby.waited.days.other": "en attente depuis {count} jours",
    "lobby.present.one": "{names} est là",
    "lobby.present.other": "{names} sont là",
    "lobby.nobody": "personne n’est là",
    "table.unattended": "Cette table a été fermée : personne n’y était depuis longtemps.",
    "home.intro_online": "Jouez contre un robot, avec un ami sur le même écran ou avec des amis en ligne : envoyez-leur un lien d’invitation, ou retrouvez d’autres joueurs au salon, où vous pouvez aussi regarder les parties en cours. Sans inscription : vos parties sont gardées dans ce navigateur.",
    "home.to_lobby": "Aller au salon",
}
