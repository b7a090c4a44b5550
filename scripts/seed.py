"""Realistic content for the screenshots: accounts, live games, finished games with ratings,
one of them analysed.

Everything is stored through the repository functions the site itself uses, into a fresh
database, before the site starts; the site then rebuilds the live tables from it. Moves come
from the heuristic bot with fixed seeds, so each run stores the same games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine
from sqlmodel import col, select

from core import analysis
from core.analysis import AnalysisBudget
from core.bots import choose_action
from core.engine import State
from core.games import GAMES
from core.record import new_record, result_of
from core.table import BOT, HUMAN, OPEN, SeatInfo, TableSettings
from storage import accounts, analyses, chat_lines, repo
from storage.db import make_engine, migrate, session
from storage.models import Match
from storage.ratings import rate_match
from ui.analysis_runner import seed_of
from ui.auth.passwords import hash_password
from ui.i18n import Translator

PLAYER = "amina"  # the account the screenshots are taken as
PASSWORD = "screenshots only"
# The last, as long as a username may be but one character, shows how boards write long names.
OTHERS = ("bruno", "chloe", "dario", "maximiliana_wolkenstein")
LONG = OTHERS[-1]
START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)  # the first stored game's date


@dataclass(frozen=True)
class Game:
    """A game to store: ``seats`` are account names or ``bot:<level>``; with ``stop`` the game
    is left in play after that many moves (at the first position where only seat 0 moves)."""

    id: str
    game: str
    seats: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    stop: int | None = None


LIVE = (
    Game("live-caravan", "caravan", (PLAYER, "bruno"), 11, {"hands": 3}, stop=9),
    Game("live-camping", "camping", (PLAYER, LONG, "bot:easy"), 12, stop=30),
    Game("live-feurio", "feurio", (PLAYER, "bruno", LONG), 13, stop=24),
    Game("live-pueblo", "pueblo", (PLAYER, "dario"), 14, stop=13),
    Game("live-offseason", "offseason", (PLAYER, "bruno", LONG), 15, stop=30),
)
FINISHED = (
    Game("done-caravan", "caravan", (PLAYER, "bruno"), 21, {"hands": 2}),
    Game("done-pueblo", "pueblo", ("chloe", PLAYER), 22),
    Game("done-feurio", "feurio", ("bruno", PLAYER, "chloe"), 23),
    Game("done-camping", "camping", (PLAYER, "bot:easy"), 24),
    Game("done-offseason", "offseason", (PLAYER, "dario", "bot:normal"), 25),
)
CHAT = (("bruno", "Good luck!"), (PLAYER, "Thanks, you too."))
WAITING = "waiting-camping"  # a table of the lobby, waiting for a second player
ANALYSED = "done-camping"  # its replay shows the analysis (a quick game to analyse)
# Rounds only, no clock: the same analysis on every machine, in a few seconds.
ANALYSIS_BUDGET = AnalysisBudget(seconds=None, rounds=16, candidates=4)


def play(game: Game) -> tuple[State, list[tuple[int, str]]]:
    """The game's moves by the heuristic bot: to the end, or to its stop."""
    state = GAMES[game.game].new_game(len(game.seats), game.seed, game.options or None)
    rng = random.Random(game.seed)
    moves: list[tuple[int, str]] = []
    while not state.is_over():
        if game.stop is not None and len(moves) >= game.stop and state.to_move() == {0}:
            break
        seat = min(state.to_move())
        action = choose_action("heuristic", state.determinize(seat, rng), seat, rng)
        state.apply(seat, action)
        moves.append((seat, action))
    return state, moves


def store(engine: Engine, game: Game, users: dict[str, str], names: dict[str, str]) -> None:
    seats = [
        SeatInfo(BOT, who, names[who]) if who in names else SeatInfo(HUMAN, users[who], who)
        for who in game.seats
    ]
    state, moves = play(game)
    record = new_record(
        game.game, len(seats), game.seed, game.options or None, [s.name for s in seats]
    )
    repo.create_match(
        engine,
        match_id=game.id,
        record=record,
        seats=seats,
        user_ids=[s.user_id for s in seats],
        settings=TableSettings(host=seats[0].holder, invite=f"{game.id}-invite"),
    )
    for ply, (seat, action) in enumerate(moves, start=1):
        last = ply == len(moves) and state.is_over()
        repo.append_move(
            engine,
            match_id=game.id,
            ply=ply,
            seat=seat,
            action=action,
            result=result_of(state) if last else None,
        )
    if state.is_over():
        rate_match(engine, match_id=game.id)


def seed(database_url: str) -> None:
    """Fill a new database (the match ids are the games' ``id``: ``live-caravan`` ...)."""
    engine = make_engine(database_url)
    migrate(engine)
    users: dict[str, str] = {}
    for index, name in enumerate((PLAYER, *OTHERS)):
        user_id = f"{index + 1:032x}"
        secret = hash_password(PASSWORD) if name == PLAYER else None
        accounts.create_account(engine, user_id=user_id, username=name, password_hash=secret)
        users[name] = user_id
    t = Translator("en")
    names = {f"bot:{level}": t(f"bot.{level}") for level in ("easy", "normal")}
    for game in (*FINISHED, *LIVE):
        store(engine, game, users, names)
    for who, text in CHAT:
        seat = LIVE[0].seats.index(who)
        chat_lines.add_chat(engine, match_id=LIVE[0].id, seat=seat, name=who, text=text)
    waiting = new_record("camping", 2, 31, None, ["chloe", ""])
    repo.create_match(
        engine,
        match_id=WAITING,
        record=waiting,
        seats=[SeatInfo(HUMAN, users["chloe"], "chloe"), SeatInfo.empty(OPEN)],
        user_ids=[users["chloe"], None],
        settings=TableSettings(host=users["chloe"], invite="waiting-invite"),
    )
    analyse(engine, ANALYSED, users[PLAYER])
    _fix_dates(engine)
    engine.dispose()


def analyse(engine: Engine, match_id: str, by: str) -> None:
    """The finished match's analysis, asked for by ``by`` and run here at once, stored as
    the site's runner stores one (ui/analysis_runner.py)."""
    analyses.request(engine, match_id=match_id, by=by, auto=False, now=START)
    claim = analyses.claim(engine, now=START, name="seed", auto=False)
    record = repo.load_record(engine, match_id=match_id)
    assert claim is not None and claim.match_id == match_id and record is not None
    plies = analysis.analyse_plies(
        record, 0, len(record["actions"]), budget=ANALYSIS_BUDGET, seed=seed_of(match_id)
    )
    analyses.save_progress(
        engine, analysis_id=claim.id, runner=claim.runner, entries=plies, now=START
    )
    document = analysis.summarise(record, plies, ANALYSIS_BUDGET)
    analyses.finish(engine, analysis_id=claim.id, runner=claim.runner, result=document, now=START)


def _fix_dates(engine: Engine) -> None:
    """Fixed dates, an hour apart in the order stored, so the pages show the same each run."""
    with session(engine) as s:
        matches = s.exec(select(Match).order_by(col(Match.created_at))).all()
        for hour, match in enumerate(matches):
            match.created_at = START + timedelta(hours=hour)
            if match.finished_at is not None:
                match.finished_at = match.created_at + timedelta(minutes=40)
            s.add(match)
        s.commit()
