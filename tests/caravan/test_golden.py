"""A stored three-hand match must replay to the same hands, scores and result forever.

If a rules change alters this, bump ``CaravanRules.version`` and keep old records
replayable (see docs/architecture.md) before regenerating the file.
"""

from __future__ import annotations

import json
from pathlib import Path

from core.games import GAMES
from core.record import replay, validate

GOLDEN = Path(__file__).with_name("golden") / "three_hands.json"


def test_the_golden_three_hand_match_replays_identically() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    record = validate(golden["record"])
    assert record["rules_version"] == GAMES["caravan"].version
    end = replay(record)
    assert end.is_over()
    assert end.view(None)["history"] == golden["history"]
    assert {"scores": end.scores(), "ranking": end.ranking()} == record["result"]
