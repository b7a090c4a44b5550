"""The table page of a game whose last person resigned: it says the game ended there, shows
the standing under the players' own names, and offers the rematch."""

from __future__ import annotations

from nicegui.testing import User


async def resign_against_the_bot(user: User) -> None:
    await user.open("/new/caravan")
    user.find(marker="name").clear().type("Ann")
    user.find(marker="start").click()
    await user.should_see(marker="resign")
    user.find(marker="resign").click()
    user.find(marker="resign-yes").click()


async def test_the_last_person_resigning_sees_the_game_end_with_its_result(user: User) -> None:
    await resign_against_the_bot(user)
    await user.should_see("Every player resigned: the game ended there.")
    await user.should_see("#2 Ann")  # resigned seats share the last place, under their name
    await user.should_see(marker="rematch")
    await user.should_not_see(marker="resign")


async def test_the_rematch_of_an_abandoned_game_gives_the_player_their_seat_back(
    user: User,
) -> None:
    await resign_against_the_bot(user)
    await user.should_see(marker="rematch")
    user.find(marker="rematch").click()
    await user.should_see(marker="resign")  # seated again, at the new table


async def test_the_replay_of_an_abandoned_game_opens_and_names_the_resignation(
    user: User,
) -> None:
    await resign_against_the_bot(user)
    await user.should_see(marker="rematch")
    user.find("Watch the replay").click()
    await user.should_see(marker="replay-slider")
    await user.should_see(marker="replay-resigned")
