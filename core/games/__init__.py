"""The registry of games: id -> rules object."""

from __future__ import annotations

from core.engine import Rules
from core.games.camping import CampingRules
from core.games.caravan import CaravanRules
from core.games.feurio import FeurioRules
from core.games.offseason import OffSeasonRules
from core.games.pueblo import PuebloRules

GAMES: dict[str, Rules] = {
    rules.id: rules
    for rules in (CaravanRules(), CampingRules(), FeurioRules(), PuebloRules(), OffSeasonRules())
}
