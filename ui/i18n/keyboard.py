"""Strings of the move box: playing by typing a move's notation, with completion."""

from __future__ import annotations

EN: dict[str, str] = {
    "keyboard.label": "Move (notation)",
    "keyboard.suggestions": "Legal moves matching what you typed",
    "keyboard.your_move": "Your move. For example: {examples}.",
    "keyboard.wait": "Not your turn: the box opens when it is.",
    "keyboard.cover": "Show the hand of the player to move first (the button above).",
    "keyboard.over": "The game is over.",
    "keyboard.empty": "Type a move first, for example {example}.",
    "keyboard.help": "Type a move and press Enter. Tab completes, ↑ and ↓ choose among the suggestions, Esc clears. Press / anywhere on the page to come back here.",
    "keyboard.notation": "How moves are written",
    "keyboard.labels.caravan": "Type each card as its corner shows it (AM+CM, 6LK); the codes of game records (1M+NM) are understood too. On a page in another language, its letters decide (in French, L is Moons).",
    "error.action_too_long": "'{action}' is too long: a move is written in at most {limit} characters.",
}

FR: dict[str, str] = {
    "keyboard.label": "Coup (notation)",
    "keyboard.suggestions": "Coups permis qui correspondent à votre saisie",
    "keyboard.your_move": "À vous de jouer. Par exemple : {examples}.",
    "keyboard.wait": "Ce n’est pas votre tour : la case s’ouvrira à votre tour.",
    "keyboard.cover": "Affichez d’abord la main du joueur qui a le trait (le bouton au-dessus).",
    "keyboard.over": "La partie est terminée.",
    "keyboard.empty": "Tapez d’abord un coup, par exemple {example}.",
    "keyboard.help": "Tapez un coup puis Entrée. Tab complète, ↑ et ↓ choisissent parmi les suggestions, Échap efface. Appuyez sur / n’importe où sur la page pour revenir ici.",
    "keyboard.notation": "Comment s’écrivent les coups",
    "keyboard.labels.caravan": "Tapez chaque carte comme son coin l’indique (AL+CL, 6FN) : une lettre se lit en français (L : Lunes, N : Nœuds). Les codes anglais des relevés de partie (1M+NM) sont aussi compris là où la lettre française ne désigne aucune carte.",
    "error.action_too_long": "«\u202f{action}\u202f» est trop long\u202f: un coup s’écrit en {limit}\u00a0caractères au plus.",
}
