"""Strings of taking a step back (undo) at a table, and its refusals."""

from __future__ import annotations

EN: dict[str, str] = {
    "table.undo": "Undo",
    "table.undo_hint": "Take back your last step of this turn",
    "error.nothing_to_undo": "There is no move to take back.",
    "error.not_your_step": "Only your own last step can be taken back, before anyone else acts.",
    "error.irreversible": (
        "This move cannot be taken back: it ended your turn, revealed something hidden "
        "or drew at random."
    ),
}

FR: dict[str, str] = {
    "table.undo": "Annuler",
    "table.undo_hint": "Reprendre votre dernière étape de ce tour",
    "error.nothing_to_undo": "Il n’y a aucun coup à reprendre.",
    "error.not_your_step": (
        "Seule votre propre dernière étape peut être reprise, avant qu’un autre joueur n’agisse."
    ),
    "error.irreversible": (
        "Ce coup ne peut pas être repris : il a terminé votre tour, révélé une information "
        "cachée ou fait un tirage au hasard."
    ),
}
