"""The conformance suite every game gets for free (after OpenSpiel's random-play test).

Parametrised over every game in :data:`core.games.GAMES` and every player count it
takes: seeded random games are played to the end, and positions sampled along the way
are checked against the engine protocol (``core/engine.py``). A new game needs no
change here.
"""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.engine import IllegalAction, State
from core.games import GAMES
from core.record import new_record, replay

MAX_PLIES = 5000
# About a dozen seeded games in all keeps the file near 10 s: three seeds while few
# games are registered, fewer (at least one) per game and player count as more arrive.
SEED_BUDGET = 12
SAMPLED_PLIES = 12
LEGAL_ACTIONS_TRIED = 30


def _tables() -> list[tuple[str, int]]:
    return [
        (game_id, players)
        for game_id, rules in sorted(GAMES.items())
        for players in range(rules.min_players, rules.max_players + 1)
    ]


SEEDS = tuple(range(1, 1 + min(3, max(1, SEED_BUDGET // len(_tables())))))


def _params(seeds: tuple[int, ...] = ()) -> list[Any]:
    """One pytest param per game, player count (and seed)."""
    params = []
    for game_id, players in _tables():
        for seed in seeds or (None,):
            values = (game_id, players) if seed is None else (game_id, players, seed)
            label = f"{game_id}-{players}p" + ("" if seed is None else f"-seed{seed}")
            params.append(pytest.param(*values, id=label))
    return params


def for_every_table(test: Any) -> Any:
    return pytest.mark.parametrize(("game_id", "players"), _params())(test)


def for_every_table_and_seed(test: Any) -> Any:
    params = _params(SEEDS)
    return pytest.mark.parametrize(("game_id", "players", "seed"), params)(test)


# ------------------------------------------------------------------------ helpers


def new_game(game_id: str, players: int, seed: int) -> State:
    return GAMES[game_id].new_game(players, seed)


@functools.cache
def random_playout(game_id: str, players: int, seed: int) -> tuple[tuple[int, str], ...]:
    """The actions of a seeded random game, played to its end."""
    state = new_game(game_id, players, seed)
    rng = random.Random(seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        assert len(actions) < MAX_PLIES, f"no end after {MAX_PLIES} plies"
        assert state.to_move(), f"ply {len(actions)}: nobody to move in an unfinished game"
        seat = rng.choice(sorted(state.to_move()))
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, action))
    return tuple(actions)


def sampled_positions(game_id: str, players: int, seed: int) -> list[tuple[int, State]]:
    """Independent states at evenly spread plies of the random game, start and end included."""
    actions = random_playout(game_id, players, seed)
    wanted = {round(i * len(actions) / (SAMPLED_PLIES - 1)) for i in range(SAMPLED_PLIES)}
    state = new_game(game_id, players, seed)
    positions = []
    for ply in range(len(actions) + 1):
        if ply in wanted:
            positions.append((ply, state.clone()))
        if ply < len(actions):
            state.apply(*actions[ply])
    return positions


def views(state: State, players: int) -> list[dict[str, Any]]:
    """The spectator's view, then each seat's."""
    return [state.view(seat) for seat in [None, *range(players)]]


def snapshot(state: State, players: int) -> dict[str, Any]:
    """Everything the protocol lets anyone observe about a state."""
    return {
        "views": views(state, players),
        "legal": [state.legal_actions(seat) for seat in range(players)],
        "to_move": state.to_move(),
        "over": state.is_over(),
        "scores": state.scores(),
        "ranking": state.ranking(),
    }


def movers(state: State) -> list[int]:
    return sorted(state.to_move())


def assert_refused_without_change(
    state: State, players: int, seat: int, action: Any, before: dict[str, Any] | None = None
) -> None:
    """``action`` is refused and everything observable stays as it was. ``before`` is the
    state's snapshot when the caller already has it: a refusal leaves it equal to the one
    taken before (checked), so the refusals of one position share one snapshot."""
    if before is None:
        before = snapshot(state, players)
    try:
        state.apply(seat, action)
    except IllegalAction:
        pass
    else:
        pytest.fail(f"{action!r} for seat {seat} was accepted but is not a legal action")
    assert snapshot(state, players) == before, f"refusing {action!r} for seat {seat} changed it"


# -------------------------------------------------------------------------- tests


@for_every_table
def test_the_rules_describe_themselves_and_default_options_start_a_game(
    game_id: str, players: int
) -> None:
    rules = GAMES[game_id]
    assert rules.id == game_id
    assert rules.title
    assert 1 <= rules.min_players <= rules.max_players
    defaults = rules.default_options(players)
    assert json.loads(json.dumps(defaults)) == defaults
    assert rules.validate_options(players, None) == defaults
    without = rules.new_game(players, 5)
    with_defaults = rules.new_game(players, 5, rules.default_options(players))
    assert snapshot(without, players) == snapshot(with_defaults, players)


@for_every_table_and_seed
def test_a_seeded_random_game_ends_and_keeps_its_turn_invariants_at_every_ply(
    game_id: str, players: int, seed: int
) -> None:
    state = new_game(game_id, players, seed)
    rng = random.Random(seed)
    played: list[tuple[int, str]] = []
    while True:
        ply = len(played)
        to_move = state.to_move()
        assert isinstance(to_move, frozenset)
        assert (not to_move) == state.is_over(), f"ply {ply}: to_move {to_move}"
        assert to_move <= set(range(players)), f"ply {ply}: to_move {to_move}"
        for seat in range(players):
            legal = state.legal_actions(seat)
            assert all(isinstance(action, str) for action in legal)
            assert legal == sorted(set(legal)), f"ply {ply}: not sorted or duplicated: {legal}"
            assert bool(legal) == (seat in to_move), f"ply {ply}, seat {seat}: {legal}"
        if state.is_over():
            break
        assert ply < MAX_PLIES, f"no end after {MAX_PLIES} plies"
        seat = rng.choice(sorted(to_move))
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        played.append((seat, action))
    assert tuple(played) == random_playout(game_id, players, seed), "same seed, other game"
    scores, ranking = state.scores(), state.ranking()
    assert len(scores) == players and len(ranking) == players
    assert all(1 <= place <= players for place in ranking), ranking
    assert min(ranking) == 1, ranking


@for_every_table_and_seed
def test_scores_and_ranking_have_one_entry_per_seat_throughout_the_game(
    game_id: str, players: int, seed: int
) -> None:
    for _, state in sampled_positions(game_id, players, seed):
        assert len(state.scores()) == players
        ranking = state.ranking()
        assert len(ranking) == players
        assert all(1 <= place <= players for place in ranking), ranking


@for_every_table_and_seed
def test_every_legal_action_applies(game_id: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    for ply, state in sampled_positions(game_id, players, seed):
        for seat in movers(state):
            legal = state.legal_actions(seat)
            for action in rng.sample(legal, min(len(legal), LEGAL_ACTIONS_TRIED)):
                try:
                    state.clone().apply(seat, action)
                except IllegalAction as err:
                    pytest.fail(f"ply {ply}: legal {action!r} of seat {seat} refused: {err}")


GARBLED = ["", "zz", "pass pass", "+", "@", "🙂", " ", "\n", "\x00", "x" * 100_000]
NOT_TEXT = [None, 123, 1.5, b"pass", ["pass"]]  # State.apply takes a str


@for_every_table_and_seed
def test_illegal_and_garbled_actions_raise_illegal_action_and_change_nothing(
    game_id: str, players: int, seed: int
) -> None:
    actions = random_playout(game_id, players, seed)
    for ply, state in sampled_positions(game_id, players, seed):
        before = snapshot(state, players)
        for seat in movers(state):
            legal = state.legal_actions(seat)
            gone = {action for _, action in actions[:ply]} - set(legal)
            some = legal[0]
            tries = [*GARBLED, *NOT_TEXT, *sorted(gone)[:5], (some + " ") * 5000, some + some]
            for action in tries:
                if action not in legal:
                    assert_refused_without_change(state, players, seat, action, before)
            for other in set(range(players)) - state.to_move():
                for action in legal[:3]:
                    if action not in state.legal_actions(other):
                        assert_refused_without_change(state, players, other, action, before)
            for outsider in (-1, players):
                assert_refused_without_change(state, players, outsider, some, before)
        if state.is_over():
            for seat in range(players):
                for action in sorted({action for _, action in actions})[:10]:
                    assert_refused_without_change(state, players, seat, action, before)


def ascii_variants(action: str) -> list[str]:
    return [
        action + " ",
        " " + action,
        action + "\t",
        action.swapcase(),
        action + "x",
        "x" + action,
        action + "\x00",
        action + "0",
        action + "-",
        action + "🙂",
    ]


@for_every_table_and_seed
def test_variants_of_legal_actions_raise_illegal_action_and_change_nothing(
    game_id: str, players: int, seed: int
) -> None:
    for _, state in sampled_positions(game_id, players, seed)[:-1]:
        before = snapshot(state, players)
        for seat in movers(state):
            legal = state.legal_actions(seat)
            for action in legal[:: max(1, len(legal) // 10)]:
                for variant in ascii_variants(action):
                    if variant not in legal:
                        assert_refused_without_change(state, players, seat, variant, before)


@for_every_table
def test_legal_actions_followed_by_unicode_digits_raise_illegal_action(
    game_id: str, players: int
) -> None:
    for _, state in sampled_positions(game_id, players, SEEDS[0])[:-1]:
        before = snapshot(state, players)
        for seat in movers(state):
            legal = state.legal_actions(seat)
            for action in legal:
                for digit in ("²", "٣", "¹"):
                    variant = action + digit
                    if variant not in legal:
                        assert_refused_without_change(state, players, seat, variant, before)


SPLIT = re.compile(r"([^0-9A-Za-z]+)")


def _pieces(state: State, players: int) -> list[str]:
    """The words and separators that this position's legal actions are made of."""
    pieces: set[str] = set()
    for seat in range(players):
        for action in state.legal_actions(seat):
            pieces.update(piece for piece in SPLIT.split(action) if piece)
    return sorted(pieces)


def _endings(legal: list[str]) -> list[str]:
    """Every final separator-and-word of these actions ("@8", "+5ML" ...)."""
    endings = set()
    for action in legal:
        parts = SPLIT.split(action)
        if len(parts) >= 3:
            endings.add(parts[-2] + parts[-1])
            endings.add(parts[-2])
    return sorted(endings)


def recombinations(action: str, endings: list[str]) -> list[str]:
    """Near misses of a legal action built from its own pieces."""
    parts = SPLIT.split(action)
    words = parts[::2]
    variants = [action + ending for ending in endings]
    for i in range(len(words) - 1):
        swapped = list(parts)
        swapped[2 * i], swapped[2 * i + 2] = swapped[2 * i + 2], swapped[2 * i]
        variants.append("".join(swapped))
    for i, word in enumerate(parts):
        if i % 2 == 0 and word.isdigit():
            variants.append("".join(parts[:i] + ["0" + word] + parts[i + 1 :]))
    if len(parts) >= 3:
        variants.append("".join(parts[:-2]))
    return variants


@for_every_table
def test_recombined_pieces_of_legal_actions_are_refused_unless_legal(
    game_id: str, players: int
) -> None:
    """``legal_actions`` lists exactly the strings ``apply`` accepts: no aliases."""
    for _, state in sampled_positions(game_id, players, SEEDS[0])[:-1:3]:
        before = snapshot(state, players)
        for seat in movers(state):
            legal = state.legal_actions(seat)
            endings = _endings(legal)
            for action in legal[:: max(1, len(legal) // 8)]:
                for variant in recombinations(action, endings):
                    if variant not in legal:
                        assert_refused_without_change(state, players, seat, variant, before)


@functools.cache
def unfinished_positions(game_id: str, players: int) -> list[State]:
    """Positions for the fuzz test, shared by its examples (which only play on clones)."""
    return [state for _, state in sampled_positions(game_id, players, SEEDS[0])[:-1]]


@functools.cache
def position_snapshot(game_id: str, players: int, index: int) -> dict[str, Any]:
    """The snapshot of a fuzz position, taken once (the examples never change it)."""
    return snapshot(unfinished_positions(game_id, players)[index], players)


@functools.cache
def position_pieces(game_id: str, players: int, index: int) -> list[str]:
    """The pieces of a fuzz position's legal actions, found once."""
    return _pieces(unfinished_positions(game_id, players)[index], players)


@functools.cache
def successor_views(game_id: str, players: int, index: int, seat: int) -> dict[str, str]:
    """The views after each legal action of ``seat`` at a fuzz position, as JSON -> action."""
    state = unfinished_positions(game_id, players)[index]
    found = {}
    for action in state.legal_actions(seat):
        after = state.clone()
        after.apply(seat, action)
        found[json.dumps(views(after, players), sort_keys=True)] = action
    return found


@for_every_table
@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_strings_made_of_pieces_of_legal_actions_are_refused_or_act_as_a_legal_action(
    game_id: str, players: int, data: st.DataObject
) -> None:
    positions = unfinished_positions(game_id, players)
    index = data.draw(st.sampled_from(range(len(positions))), label="position")
    state = positions[index]
    seat = data.draw(st.sampled_from(movers(state)), label="seat")
    pieces = position_pieces(game_id, players, index)
    text = "".join(data.draw(st.lists(st.sampled_from(pieces), min_size=1, max_size=7)))
    trial = state.clone()
    try:
        trial.apply(seat, text)
    except IllegalAction:
        assert snapshot(trial, players) == position_snapshot(game_id, players, index), (
            f"{text!r} changed it"
        )
        return
    if text in state.legal_actions(seat):
        return
    seen = json.dumps(views(trial, players), sort_keys=True)
    assert seen in successor_views(game_id, players, index, seat), (
        f"{text!r} was accepted and does what no legal action does"
    )


@for_every_table_and_seed
def test_a_clone_is_independent_of_its_original(game_id: str, players: int, seed: int) -> None:
    for ply, state in sampled_positions(game_id, players, seed)[:-1]:
        before = snapshot(state, players)
        copy = state.clone()
        assert copy is not state
        assert snapshot(copy, players) == before, f"ply {ply}: the clone differs"
        for seat in movers(copy):
            copy.apply(seat, copy.legal_actions(seat)[-1])
            if copy.is_over():
                break
        assert snapshot(state, players) == before, f"ply {ply}: playing on a clone changed it"


@for_every_table_and_seed
def test_replaying_the_record_reproduces_scores_ranking_and_views(
    game_id: str, players: int, seed: int
) -> None:
    actions = random_playout(game_id, players, seed)
    record = new_record(game_id, players, seed, None, [f"seat{i}" for i in range(players)])
    record["actions"] = [[seat, action] for seat, action in actions]
    for ply, state in sampled_positions(game_id, players, seed):
        again = replay(record, upto=ply)
        assert snapshot(again, players) == snapshot(state, players), f"ply {ply}"
    final = sampled_positions(game_id, players, seed)[-1][1]
    replayed = replay(record)
    assert replayed.is_over()
    assert replayed.scores() == final.scores()
    assert replayed.ranking() == final.ranking()
    assert snapshot(replayed, players) == snapshot(final, players)


@for_every_table_and_seed
def test_views_are_json_and_survive_a_round_trip(game_id: str, players: int, seed: int) -> None:
    for ply, state in sampled_positions(game_id, players, seed):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert isinstance(view, dict)
            assert view.get("game") == game_id, "every view names its game (bots rely on it)"
            text = json.dumps(view, allow_nan=False)
            assert json.loads(text) == view, f"ply {ply}, seat {seat}: tuples or non-str keys"


@for_every_table_and_seed
def test_determinize_keeps_everything_the_seat_knows(game_id: str, players: int, seed: int) -> None:
    for ply, state in sampled_positions(game_id, players, seed):
        before = snapshot(state, players)
        for seat in range(players):
            for k in (0, 1):
                guess = state.determinize(seat, random.Random(k))
                where = f"ply {ply}, seat {seat}, k {k}"
                assert guess is not state
                assert guess.view(seat) == state.view(seat), where
                assert guess.view(None) == state.view(None), where
                assert guess.to_move() == state.to_move(), where
                assert guess.legal_actions(seat) == state.legal_actions(seat), where
                assert guess.is_over() == state.is_over(), where
                for mover in movers(guess):
                    guess.apply(mover, guess.legal_actions(mover)[0])
                    break
        assert snapshot(state, players) == before, f"ply {ply}: determinize changed the state"


@for_every_table_and_seed
def test_the_same_seed_and_actions_give_identical_views(
    game_id: str, players: int, seed: int
) -> None:
    actions = random_playout(game_id, players, seed)
    first, second = new_game(game_id, players, seed), new_game(game_id, players, seed)
    for ply, (seat, action) in enumerate(actions):
        if ply % 10 == 0:
            assert snapshot(first, players) == snapshot(second, players), f"ply {ply}"
        first.apply(seat, action)
        second.apply(seat, action)
    assert snapshot(first, players) == snapshot(second, players)


@for_every_table_and_seed
def test_determinize_depends_on_what_the_seat_knows_and_the_rng_alone(
    game_id: str, players: int, seed: int
) -> None:
    """Two positions the seat cannot tell apart re-deal identically from the same rng,
    and play on identically, so a bot's choice never depends on the true hidden parts."""
    for ply, state in sampled_positions(game_id, players, seed):
        for seat in range(players):
            one, other = (state.determinize(seat, random.Random(k)) for k in (0, 1))
            again = [guess.determinize(seat, random.Random(7)) for guess in (one, other)]
            where = f"ply {ply}, seat {seat}"
            assert snapshot(again[0], players) == snapshot(again[1], players), where
            for _ in range(3):
                movers_now = movers(again[0])
                if not movers_now:
                    break
                mover = movers_now[0]
                action = again[0].legal_actions(mover)[-1]
                for guess in again:
                    guess.apply(mover, action)
                assert snapshot(again[0], players) == snapshot(again[1], players), where


# ------------------------------------------------------------ undo (State.reversible)

UNDO_TRIED = 4  # legal actions asked about at each ply, besides the one played


def undo_problems(
    state: State, players: int, seat: int, action: str, rng: random.Random
) -> list[str]:
    """Why taking ``action`` back would not be fair; empty when it may be undone.

    The seats to move must stay the same, ``seat`` among them. What each seat sees
    after the action must follow from what it knew before: applied to any re-deal of
    what that seat cannot see (``determinize``), the action gives it the same view.
    For ``seat`` itself this rules out a random draw and a card turned up; for the
    others, any of the actor's secrets shown (or an action whose legality hangs on them).
    """
    problems = []
    after = state.clone()
    after.apply(seat, action)
    if after.is_over() or after.to_move() != state.to_move() or seat not in after.to_move():
        problems.append(f"the seats to move change: {movers(state)} -> {movers(after)}")
    for viewer in range(players):
        for _ in range(2 if viewer == seat else 1):
            guess = state.determinize(viewer, rng)
            try:
                guess.apply(seat, action)
            except IllegalAction:
                problems.append(f"seat {viewer} could not know that {action!r} is legal")
                continue
            if guess.view(viewer) != after.view(viewer):
                problems.append(f"seat {viewer} sees something it could not know before")
    return problems


@for_every_table
def test_reversible_actions_keep_the_seats_to_move_and_reveal_or_draw_nothing(
    game_id: str, players: int
) -> None:
    """Undo is offered only where nothing can be learnt from the step taken back."""
    seed = SEEDS[0]
    state = new_game(game_id, players, seed)
    rng = random.Random(seed)
    for ply, (seat, action) in enumerate(random_playout(game_id, players, seed)):
        legal = state.legal_actions(seat)
        for tried in sorted({action, *rng.sample(legal, min(len(legal), UNDO_TRIED))}):
            if state.reversible(seat, tried):
                problems = undo_problems(state, players, seat, tried, rng)
                assert not problems, (
                    f"ply {ply}: {tried!r} of seat {seat} is reversible: {problems}"
                )
        state.apply(seat, action)
    assert state.is_over()
    assert not any(
        state.reversible(seat, action)
        for seat, action in random_playout(game_id, players, seed)[-3:]
    ), "nothing is reversible once the game is over"


@for_every_table
def test_reversible_answers_false_for_refused_actions_and_changes_nothing(
    game_id: str, players: int
) -> None:
    for ply, state in sampled_positions(game_id, players, SEEDS[0]):
        before = snapshot(state, players)
        for seat in range(players):
            legal = state.legal_actions(seat)
            for action in [*GARBLED[:6], *legal[:3]]:
                answer = state.reversible(seat, action)
                assert isinstance(answer, bool)
                if action not in legal:
                    assert answer is False, f"ply {ply}: {action!r} of seat {seat}"
        assert snapshot(state, players) == before, f"ply {ply}: asking changed the state"


def test_the_undo_check_flags_a_card_drawn_or_turned_up() -> None:
    """The check above has teeth: Off Season's Supply (two cards from the Tower) or Sort
    (face-down goods turned up) keeps the same player moving, yet must not be undone."""
    flagged = 0
    for seed in range(1, 40):
        state = new_game("offseason", 3, seed)
        rng = random.Random(seed)
        while not state.is_over() and flagged < 3:
            seat = rng.choice(movers(state))
            legal = state.legal_actions(seat)
            for word in ("supply", "sort"):
                if word in legal and seat in (after := _after(state, seat, word)).to_move():
                    assert not state.reversible(seat, word)
                    if after.to_move() == state.to_move() and _turns_up_cards(state, after):
                        assert undo_problems(state, 3, seat, word, random.Random(seed))
                        flagged += 1
            state.apply(seat, rng.choice(legal))
        if flagged >= 3:
            return
    pytest.fail("no Supply or Sort found in the random games")


def _after(state: State, seat: int, action: str) -> State:
    after = state.clone()
    after.apply(seat, action)
    return after


def _turns_up_cards(before: State, after: State) -> bool:
    """Whether the Tower shrank or face-down goods came up (Off Season's hidden cards)."""
    seen = [before.view(None), after.view(None)]
    hidden = [v["tower"] + sum(m["face_down"] for m in v["markets"]) for v in seen]
    return hidden[1] < hidden[0]
