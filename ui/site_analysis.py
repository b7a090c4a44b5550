"""Replay analysis at the site: :class:`SiteAnalysis`, mixed into :class:`ui.site.Site`.

Anyone may ask for the analysis of a finished game (:meth:`SiteAnalysis.request_analysis`);
an account may choose automatic analysis of its finished games
(:meth:`SiteAnalysis.set_auto_analysis`), asked for when a game it is seated at ends (a last
move, every person resigned or out of time, closed for want of moves). A game is analysed
once per rules version, and everyone who opens its replay sees it
(:meth:`SiteAnalysis.analysis_of`, which the replay page polls while it runs). The work
itself is done by an :class:`ui.analysis_runner.AnalysisRunner`: on this process, in the
bots' pool, when it serves the site alone; on the bot workers when there are several
(jobs/worker.py), which find the requests in storage. Every call goes through the gateway.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

from nicegui import background_tasks

from storage import analyses
from ui.analysis_runner import AnalysisRunner
from ui.bot_runner import BotRunner
from ui.cluster import process_name

if TYPE_CHECKING:
    from ui.site import Site

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AnalysisStatus:
    """An analysis as a page shows it."""

    state: str  # "queued" | "running" | "done" | "failed"
    done: int  # plies analysed so far
    total: int  # plies in the game
    result: dict[str, Any] | None  # the analysis document once done
    auto: bool = False  # asked for automatically, not by a person


def _status(progress: analyses.Progress) -> AnalysisStatus:
    return AnalysisStatus(
        progress.state, progress.done, progress.total, progress.result, progress.auto
    )


class SiteAnalysis:
    """The site's analyses: asked for, followed, and run on this process when alone."""

    analysis_runner: AnalysisRunner | None = None  # set by start_analysis on one process

    @property
    def _site(self) -> Site:
        return cast("Site", self)

    def _analysis_time(self) -> datetime:
        return datetime.fromtimestamp(self._site.now(), UTC)

    async def analysis_of(self, match_id: str) -> AnalysisStatus | None:
        """The match's analysis by today's rules version; None when none was asked for."""
        found = await self._site.gateway(analyses.status, match_id=match_id)
        return None if found is None else _status(found)

    async def request_analysis(
        self, match_id: str, *, by: str | None, auto: bool = False
    ) -> AnalysisStatus:
        """Ask for the match's analysis (``by``: who asks); the one there is when it was
        asked for already (a failed one is asked again). ``ValueError`` whose text is the
        reason (``unknown``, ``not_finished``) for a match that cannot be analysed."""
        progress, queued = await self._site.gateway(
            analyses.request, match_id=match_id, by=by, auto=auto, now=self._analysis_time()
        )
        if queued and self.analysis_runner is not None:
            self.analysis_runner.wake()
        return _status(progress)

    async def auto_analysis(self, user_id: str) -> bool:
        """Whether the account chose automatic analysis (False for a guest)."""
        return await self._site.gateway(analyses.auto_analysis, user_id=user_id)

    async def set_auto_analysis(self, user_id: str, on: bool) -> None:
        """Turn automatic analysis of the account's games on or off; ``ValueError``
        (``not_an_account``) for a guest."""
        await self._site.gateway(analyses.set_auto_analysis, user_id=user_id, on=on)

    def start_analysis(self) -> None:
        """At start-up: run the analyses on this process when it serves the site alone
        (with several, the bot workers run them)."""
        site = self._site
        if site.several or not isinstance(site.bots, BotRunner) or self.analysis_runner:
            return
        self.analysis_runner = AnalysisRunner(
            site.gateway, site.bots.pool, name=process_name(), now=self._analysis_time
        )
        self.analysis_runner.start()

    async def stop_analysis(self) -> None:
        """At shutdown: the analysis under way is queued again, to resume after the start."""
        runner, self.analysis_runner = self.analysis_runner, None
        if runner is not None:
            await runner.stop()

    def _analyse_if_wanted(self, match_id: str) -> None:
        """A game ended: its automatic analysis is asked for in the background when a
        player chose it (never in the way of the move; a failure is logged)."""
        background_tasks.create(self._request_auto(match_id), name=f"analysis-{match_id}")

    async def _request_auto(self, match_id: str) -> None:
        try:
            queued = await self._site.gateway(
                analyses.request_auto, match_id=match_id, now=self._analysis_time()
            )
        except Exception:
            log.exception("could not ask for the automatic analysis of match %s", match_id)
            return
        if queued and self.analysis_runner is not None:
            self.analysis_runner.wake()
