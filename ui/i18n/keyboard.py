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
    "error.action_too_long": "« {action} » est trop long : un coup s’écrit en {limit} caractères au plus.",
}
