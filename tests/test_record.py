"""Game records: creation, JSON round trip, refusal of bad records, replay of prefixes."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

import core.record
from core.games import GAMES
from core.record import FORMAT, RecordError, dumps, loads, new_record, replay, with_result


def first_action_record(plies: int, *, seed: int = 11, hands: int = 1) -> dict[str, Any]:
    """A caravan record of ``plies`` actions, each the first legal action of the seat to move."""
    record = new_record("caravan", 2, seed, {"hands": hands}, ["ann", "bob"])
    state = replay(record)
    for _ in range(plies):
        if state.is_over():
            break
        seat = min(state.to_move())
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        record["actions"].append([seat, action])
    return record


def finished_record() -> dict[str, Any]:
    record = first_action_record(10_000)
    return with_result(record, replay(record))


def views(record: dict[str, Any], upto: int | None = None) -> list[dict[str, Any]]:
    state = replay(record, upto=upto)
    return [state.view(seat) for seat in (None, 0, 1)]


def refusal(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        loads(text)
    return str(caught.value)


def record_text(**changes: Any) -> str:
    record = first_action_record(6)
    record.update(changes)
    return json.dumps(record)


# ------------------------------------------------------------------- new_record


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_new_record_without_options_gets_the_default_options(game_id: str) -> None:
    rules = GAMES[game_id]
    players = rules.min_players
    record = new_record(game_id, players, 3, None, [f"p{i}" for i in range(players)])
    assert record["options"] == rules.default_options(players)
    assert record["format"] == FORMAT
    assert record["game"] == game_id
    assert record["rules_version"] == rules.version
    assert record["actions"] == []
    assert record["result"] is None


def test_a_new_record_completes_partial_options_with_the_defaults() -> None:
    record = new_record("caravan", 2, 3, {"hands": 1}, ["ann", "bob"])
    assert record["options"] == {**GAMES["caravan"].default_options(2), "hands": 1}


def test_a_new_record_refuses_an_unknown_game() -> None:
    with pytest.raises(RecordError, match="Unknown game 'chess'"):
        new_record("chess", 2, 3, None, ["ann", "bob"])


def test_a_new_record_refuses_an_unknown_option() -> None:
    with pytest.raises(ValueError, match="Unknown table option 'jokers'"):
        new_record("caravan", 2, 3, {"jokers": True}, ["ann", "bob"])


# ------------------------------------------------------------------- round trip


def test_a_finished_record_survives_a_json_round_trip() -> None:
    record = finished_record()
    record["seats"] = ["Zoë", "bot:heuristic"]
    assert record["result"] is not None
    text = dumps(record)
    assert "Zoë" in text
    assert loads(text) == record


def test_a_record_in_progress_survives_a_json_round_trip() -> None:
    record = first_action_record(7)
    assert loads(dumps(record)) == record
    assert views(loads(dumps(record))) == views(record)


def test_the_result_holds_the_final_scores_and_ranking() -> None:
    record = finished_record()
    state = replay(record)
    assert state.is_over()
    assert record["result"] == {"scores": state.scores(), "ranking": state.ranking()}


# --------------------------------------------------------------------- refusals


def test_text_that_is_not_json_is_refused() -> None:
    assert refusal("{not json").startswith("Not JSON:")


@pytest.mark.parametrize("text", ["[1, 2]", '"record"', "12", "null"])
def test_json_that_is_not_an_object_is_refused(text: str) -> None:
    assert refusal(text) == "A record is a JSON object."


@pytest.mark.parametrize("number", [0, 2, "1", None])
def test_an_unknown_format_number_is_refused(number: Any) -> None:
    assert refusal(record_text(format=number)) == f"Unknown record format {number!r}."


def test_a_record_without_a_format_is_refused() -> None:
    record = first_action_record(2)
    del record["format"]
    assert refusal(json.dumps(record)) == "Unknown record format None."


@pytest.mark.parametrize("game", ["chess", "", None, 7])
def test_an_unknown_game_is_refused(game: Any) -> None:
    assert refusal(record_text(game=game)) == f"Unknown game {game!r}."


@pytest.mark.parametrize("players", [1, 3, 0, "2", None, 2.0])
def test_a_bad_player_count_is_refused(players: Any) -> None:
    assert refusal(record_text(players=players)) == "Caravan is played by 2-2."


@pytest.mark.parametrize("seed", ["7", 7.5, None, [7]])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: Any) -> None:
    assert refusal(record_text(seed=seed)) == "The seed must be a whole number."


@pytest.mark.parametrize(
    "actions",
    [
        "pass",
        None,
        {"0": "pass"},
        [[0]],
        [[0, "pass", 1]],
        [["0", "pass"]],
        [[0, 5]],
        [(0, "pass"), "pass"],
    ],
)
def test_actions_that_are_not_seat_and_action_pairs_are_refused(actions: Any) -> None:
    assert refusal(record_text(actions=actions)) == (
        'Actions must be a list of [seat, "action"] pairs.'
    )


def test_bad_options_are_refused_with_the_rules_reason() -> None:
    assert refusal(record_text(options={"hands": 0})) == "A match lasts 1 to 9 hands."
    assert refusal(record_text(options={"jokers": 2})) == "Unknown table option 'jokers'."


@pytest.mark.parametrize("options", [[1], "hands=1", 5])
def test_options_that_are_not_an_object_are_refused(options: Any) -> None:
    assert "option" in refusal(record_text(options=options)).lower()


def test_an_illegal_action_in_the_list_is_refused_naming_its_move_number() -> None:
    record = first_action_record(4)
    record["actions"].append([record["actions"][-1][0], "zz"])
    message = refusal(json.dumps(record))
    assert message.startswith("Move 5 ('zz') cannot be replayed:"), message


def test_an_action_by_the_wrong_seat_is_refused_naming_its_move_number() -> None:
    record = first_action_record(3)
    seat, action = record["actions"][1]
    record["actions"][1] = [1 - seat, action]
    message = refusal(json.dumps(record))
    assert message.startswith("Move 2 "), message
    assert "not your turn" in message


def test_a_refusing_replay_raises_record_error_naming_the_move() -> None:
    record = first_action_record(2)
    record["actions"].insert(0, [0, "+"])
    with pytest.raises(RecordError, match=r"^Move 1 \('\+'\) cannot be replayed"):
        replay(record)


# ----------------------------------------------------------------------- replay


@pytest.mark.parametrize("upto", [0, 1, 2, 7, 15])
def test_replay_upto_n_equals_replaying_the_first_n_actions(upto: int) -> None:
    record = first_action_record(15)
    assert len(record["actions"]) == 15
    prefix = {**record, "actions": record["actions"][:upto]}
    assert views(record, upto=upto) == views(prefix)


def test_replay_upto_zero_is_the_start_position() -> None:
    record = first_action_record(5)
    start = GAMES["caravan"].new_game(2, record["seed"], record["options"])
    assert views(record, upto=0) == [start.view(seat) for seat in (None, 0, 1)]


def test_replay_without_upto_replays_every_action() -> None:
    record = first_action_record(9)
    assert views(record) == views(record, upto=9)
    assert views(record) != views(record, upto=8)


def test_replay_does_not_change_the_record() -> None:
    record = first_action_record(6)
    before = json.dumps(record)
    replay(record, upto=3)
    replay(record)
    assert json.dumps(record) == before


def test_the_record_module_doctest_passes() -> None:
    outcome = doctest.testmod(core.record)
    assert outcome.attempted > 0
    assert outcome.failed == 0
