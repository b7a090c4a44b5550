"""An address naming a table, a replay, a game or a player the site does not have answers
404 with the site's not-found page: its heading, what is missing and a way back, in the
visitor's language."""

from __future__ import annotations

import pytest
from nicegui.testing import User


@pytest.mark.parametrize(
    ("path", "what"),
    [
        ("/table/nope", "There is no such table."),
        ("/replay/nope", "There is no such game."),
        ("/rules/nope", "No rules help for this game yet."),
        ("/new/nope", "This game cannot be played here yet."),
        ("/players/nobody", "There is no such player."),
    ],
)
async def test_an_unknown_address_answers_404_with_the_not_found_page(
    user: User, path: str, what: str
) -> None:
    reply = await user.http_client.get(path)
    assert reply.status_code == 404
    assert "There is no such page" in reply.text
    assert what in reply.text
    assert '"text":"Back to the games","class":["nicegui-link"],"props":{"href":"/"' in reply.text


async def test_the_not_found_page_of_a_table_speaks_french(user: User) -> None:
    reply = await user.http_client.get("/table/nope", headers={"Accept-Language": "fr"})
    assert reply.status_code == 404
    assert "Cette table n’existe pas." in reply.text
    assert "Retour aux jeux" in reply.text
