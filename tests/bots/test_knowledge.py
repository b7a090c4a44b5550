"""What the bots know of each game: one registry, found from the state's own game."""

from __future__ import annotations

import ast
import pathlib
import random

import pytest

from core.bots import BOTS, LEVELS, levels
from core.bots.knowledge import UNKNOWN
from core.bots.pueblo_heuristic import Pueblo
from core.games import GAMES
from core.games.pueblo.geometry import placements

BOTS_DIR = pathlib.Path(levels.__file__).parent


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_state_says_its_game_and_the_bots_know_every_game(game: str) -> None:
    rules = GAMES[game]
    state = rules.new_game(rules.min_players, seed=1)
    assert state.game == game == state.view(None)["game"]
    known = levels.knowledge(state.game)
    assert known.game == game and known is not UNKNOWN
    assert BOTS["heuristic"].policy(game) is known.choose


def test_a_game_the_bots_do_not_know_is_played_at_random_and_searched_plainly() -> None:
    assert levels.knowledge("countdown") is UNKNOWN is levels.knowledge(None)
    assert UNKNOWN.rollout() is None and not UNKNOWN.settings.wants_ranking


def test_quick_rollouts_play_the_games_own_cheaper_policy_and_need_one() -> None:
    from core.bots.knowledge import GameKnowledge, Settings

    def cheap(state, seat, rng):  # type: ignore[no-untyped-def]
        return state.legal_actions(seat)[0]

    quick = Settings(rollout="quick")
    assert GameKnowledge("x", quick=cheap).rollout(quick) is cheap
    assert GameKnowledge("x", quick=cheap).rollout(Settings(rollout="heuristic")) is not cheap
    with pytest.raises(ValueError, match="no quick rollout"):
        GameKnowledge("x").rollout(quick)
    for game in GAMES:
        known = levels.knowledge(game)
        if known.settings.rollout == "quick":
            assert known.quick is not None and known.quick is not known.choose


def test_the_site_offers_levels_the_registry_defines() -> None:
    assert set(LEVELS) <= set(BOTS) and set(levels.BUDGETS) <= set(LEVELS)


def test_no_bots_module_imports_the_bots_package_back() -> None:
    """``core.bots`` imports the levels, which import every other bots module: none of
    those may import ``core.bots`` itself (its registry) back, at any depth in a function."""
    for path in sorted(BOTS_DIR.glob("*.py")):
        if path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "core.bots":
                submodules = {alias.name for alias in node.names}
                assert all((BOTS_DIR / f"{name}.py").exists() for name in submodules), path
            if isinstance(node, ast.Import):
                assert all(alias.name != "core.bots" for alias in node.names), path


def test_the_pueblo_heuristic_finds_the_engines_placements_on_its_own_model() -> None:
    rules = GAMES["pueblo"]
    state = rules.new_game(2, seed=5, options={**rules.default_options(2), "sacred_sites": 2})
    rng = random.Random(5)
    compared = 0
    while not state.is_over() and compared < 12:
        (seat,) = state.to_move()
        view = state.view(seat)
        if view["phase"] == "place":
            model = Pueblo(view, seat)
            engine = {action[1:] for action in state.legal_actions(seat)}
            assert set(placements(model.height, model.sacred)) == engine
            compared += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert compared == 12


@pytest.mark.parametrize("game", sorted(GAMES))
def test_normal_plays_the_heuristic_and_hard_searches_with_the_games_settings(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The levels are different ways of playing: ``normal`` is the game's heuristic move
    for move (no search), ``hard`` is the search with the game's own settings."""
    rules = GAMES[game]
    state = rules.new_game(2, seed=4)
    rng = random.Random(4)
    for _ply in range(30):
        if state.is_over():
            break
        seat = min(state.to_move())
        chosen = levels.normal(state, seat, random.Random(_ply))
        assert chosen == levels.heuristic(game)(state, seat, random.Random(_ply))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    known = levels.knowledge(game)
    seen: dict[str, object] = {}

    def fake_search(*args: object, **kwargs: object) -> object:
        seen.update(kwargs)
        raise StopIteration

    monkeypatch.setattr(levels, "search", fake_search)
    state = rules.new_game(2, seed=3)
    with pytest.raises(StopIteration):
        levels.hard(state, min(state.to_move()), random.Random(1))
    assert seen["depth"] == known.settings.depth and seen["paired"] == known.settings.paired
    assert seen["rollout"] is known.rollout(known.settings)
    assert set(levels.BUDGETS) == {"hard"}


def test_a_games_playout_cap_bounds_hard_whatever_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Settings.playouts`` caps hard's search where more playouts measured no better;
    a smaller budget still wins."""
    from dataclasses import replace

    known = levels.knowledge("feurio")
    capped = replace(known, settings=replace(known.settings, playouts=7))
    monkeypatch.setitem(levels.KNOWLEDGE, "feurio", capped)
    state = GAMES["feurio"].new_game(2, seed=3)
    seat = min(state.to_move())
    assert levels.play_level("hard", state, seat, random.Random(1), iterations=50).iterations == 7
    assert levels.play_level("hard", state, seat, random.Random(1), iterations=4).iterations == 4
    uncapped = replace(known, settings=replace(known.settings, playouts=None))
    monkeypatch.setitem(levels.KNOWLEDGE, "feurio", uncapped)
    assert levels.play_level("hard", state, seat, random.Random(1), iterations=9).iterations == 9
