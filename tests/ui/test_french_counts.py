"""Counts shown in French agree with their number, and names joined to a phrase get the
French spacing: the board's own wording, not only the catalogue's strings."""

from __future__ import annotations

from typing import Any

from nicegui.testing import User

from core.games import GAMES
from core.table import TableError
from ui.boards.offseason.board import OffSeasonBoard
from ui.boards.offseason.words import event_text
from ui.i18n import Translator
from ui.pages.errors import refusal

NAMES = ["Ann", "Bea", "Cid"]


def one_of_each(view: dict[str, Any]) -> dict[str, Any]:
    """The first market holds one good face up and one face down, and shows one of each on
    its other side."""
    market = view["markets"][0]
    market.update(face_up=market["face_up"][:1], face_down=1, face_down_backs=["standard"])
    market["other_side"].update(up=1, down=1)
    return view


async def drawn_board(user: User, lang: str) -> OffSeasonBoard:
    await user.open("/")
    state = GAMES["offseason"].new_game(3, seed=2)
    with user.client.layout:
        board = OffSeasonBoard(Translator(lang), names=NAMES, seat=0, on_action=None)
        board.show(one_of_each(state.view(0)), state.legal_actions(0))
    return board


def first_market(board: OffSeasonBoard) -> str:
    return board.markets.content.split('data-testid="market-3"')[0]


async def test_a_market_counts_one_good_in_the_singular_in_french(user: User) -> None:
    first = first_market(await drawn_board(user, "fr"))
    assert "1 visible, 1 cachée" in first
    assert "Autre face\u202f: 1 visible, 1 cachée" in first
    assert "visibles" not in first and "cachées" not in first


async def test_a_market_counts_its_goods_in_english(user: User) -> None:
    first = first_market(await drawn_board(user, "en"))
    assert "1 face up, 1 face down" in first
    assert "Other side: 1 face up, 1 face down" in first


async def test_a_bidder_still_choosing_is_named_with_the_french_colon(user: User) -> None:
    auction = (await drawn_board(user, "fr")).auction.content
    assert "Ann\u202f: <i>réfléchit encore</i>" in auction
    assert "Ann: " not in auction


def test_a_refilled_market_counts_its_face_down_goods_in_french() -> None:
    t = Translator("fr")
    one = {"event": "refill", "market": 2, "up": ["F4"], "down": 1}
    two = {**one, "down": 2}
    assert event_text(t, NAMES, one) == (
        "Le marché 2 est réapprovisionné\u202f: Fruit de valeur 4 face visible, "
        "1 marchandise face cachée."
    )
    assert event_text(t, NAMES, two).endswith(", 2 marchandises face cachée.")


def test_counts_that_may_be_one_use_plural_keys() -> None:
    fr = Translator("fr")
    assert fr.plural("lobby.free", 1) == "1 place libre"
    assert fr.plural("lobby.free", 2) == "2 places libres"
    assert Translator("en").plural("lobby.free", 1) == "1 seat free"
    assert fr.plural("wait.explain", 1).endswith("(encore 1 place libre).")
    assert fr.plural("pueblo.act.chief", 1) == "chef avancé de 1 case"
    assert fr.plural("offseason.ev.tiebreak", 1, names="Ann, Bea").startswith(
        "Égalité en tête à 1 pièce\u202f:"
    )


def test_a_refusal_that_names_a_number_agrees_with_it() -> None:
    one = TableError(
        "illegal", "Answer a caravan of 1 with a caravan of 1 cards.", key="same_length", length=1
    )
    assert (
        refusal(Translator("fr"), one) == "Répondez par une caravane de 1 carte, ou par un bandit."
    )
    assert refusal(Translator("en"), one) == "Answer with a caravan of 1 card, or a bandit."
    poor = TableError("illegal", "", key="offseason.bid_too_high", bid=3, coins=2)
    assert (
        refusal(Translator("fr"), poor)
        == "Vous ne pouvez pas miser 3\u202f: vous n’avez que 2 pièces."
    )
