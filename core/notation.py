"""A game's notation as players read and type it, in their language.

The engine speaks one canonical notation: ``legal_actions`` lists it, ``apply`` takes
only it, and records store it. Where a board labels things differently by language
(Caravan's card corners: ``A L`` for the Ace of Moons in French), the game's
:class:`Notation` turns a canonical action into what that board shows (``write``) and
what a player typed back into the canonical action (``read``). Both use the game's own
label tables, which the boards draw their labels from too, so a card cannot show one
thing while the notation wants another.

A player's text is read in the page's language first; where a label means something
else in the canonical codes (``L`` is Moons on a French card, Leaves in the codes), the
page's language decides. Canonical codes are still understood wherever the language's
reading names nothing. Reading never decides legality: text it cannot make sense of comes
back as it was typed, for the engine to refuse with its own message.
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "fr")


class Notation:
    """The canonical notation, identical in every language (the default of a game)."""

    def write(self, action: str, lang: str) -> str:
        """``action`` (canonical) as a player reading ``lang`` sees it."""
        return action

    def read(self, text: str, lang: str) -> str:
        """The canonical action ``text`` names for a player reading ``lang``; the text
        itself (stripped) when it names none."""
        return text.strip()
