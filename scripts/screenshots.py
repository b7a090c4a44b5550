"""Screenshots of every page, at desktop and phone size, into ``docs/screenshots/``.

``make screenshots`` (or ``python -m scripts.screenshots``) starts the site on a temporary
database filled by :mod:`scripts.seed` (a live table of each game, finished games with
replays and ratings, a table waiting in the lobby), signs in as that content's player and
captures each page at 1280×800 and 375×812, in the light theme; the home page and the table
pages also in the dark one. The PNGs keep stable names, ``<page>-<size>[-dark].png``, and
``docs/screenshots/README.md`` indexes them, so a change in looks shows up in review as
changed pictures. Each capture is the viewport (the top of the page); a rules page also
gets one picture per situation it draws (``situation-<id>.png``).

Needs Chromium (``make chromium``) and the test dependencies (Playwright, Pillow).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from e2e.server import Server
from scripts.seed import ANALYSED, FINISHED, LIVE, PASSWORD, PLAYER, WAITING, seed
from ui.boards import BOARDS
from ui.help.situations import SITUATIONS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": (1280, 800), "phone": (375, 812)}
GAMES = ("caravan", "camping", "feurio", "pueblo", "offseason")


@dataclass(frozen=True)
class Shot:
    """One page: its file name stem, its address, and whether it is also taken dark."""

    name: str
    path: str
    dark: bool = False
    signed_out: bool = False
    settle: float = 0.8  # seconds for what the page draws after it loads (3D, charts)
    scroll: str = ""  # a selector to bring into view before the capture
    upload: str = ""  # a finished match whose record file is imported before the capture


PAGES: tuple[Shot, ...] = (
    Shot("home", "/", dark=True),
    Shot("lobby", "/lobby"),
    Shot("new-table", "/new/offseason"),
    Shot("rules", "/rules"),
    *(Shot(f"rules-{game}", f"/rules/{game}", settle=1.5) for game in GAMES),
    # Pueblo's 3D view takes longer to draw.
    *(
        Shot(f"table-{g.game}", f"/table/{g.id}", True, settle=1.2 + (g.game == "pueblo"))
        for g in LIVE
    ),
    # A visitor without a seat is a spectator: where the game draws its spectators' board
    # as one shared frame (ui/pages/spectators.py), that frame is what they see.
    *(
        Shot(f"table-{g.game}-watching", f"/table/{g.id}", True, signed_out=True)
        for g in LIVE
        if BOARDS[g.game].spectator is not None
    ),
    Shot("table-waiting", f"/table/{WAITING}"),
    Shot("table-finished", f"/table/{FINISHED[0].id}", settle=1.5, scroll="[data-testid=result]"),
    # The top of a finished game: the headline says who won and the final scores.
    Shot("end-headline", f"/table/{FINISHED[0].id}", settle=1.5),
    Shot("replay", f"/replay/{FINISHED[0].id}", settle=1.5),
    # An analysed game: the evaluation graph, each move's label and the bot's choice.
    Shot(
        "replay-analysis", f"/replay/{ANALYSED}", settle=1.5, scroll="[data-testid=analysis-chart]"
    ),
    Shot("history", "/history"),
    Shot("profile", f"/players/{PLAYER}"),
    Shot("account", "/account"),
    Shot("import", "/import"),
    Shot("import-loaded", "/import", settle=1.5, upload=FINISHED[0].id),
    Shot("signin", "/signin", signed_out=True),
    Shot("not-found", "/no-such-page"),
)


def shrink(path: Path) -> None:
    """Rewrite the PNG with an adaptive 256-colour palette: a third of the size or less."""
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def settle(page: Page, seconds: float) -> None:
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")
    time.sleep(seconds)


def sign_in(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    page.goto(base_url + "/signin")
    page.get_by_test_id("username").fill(PLAYER)
    page.get_by_test_id("password").fill(PASSWORD)
    page.get_by_test_id("signin-submit").click()
    page.wait_for_url(lambda url: "/signin" not in url)
    page.close()


def context(browser: Browser, size: str, *, dark: bool, state: object = None) -> BrowserContext:
    width, height = SIZES[size]
    return browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=1,
        is_mobile=size == "phone",
        has_touch=size == "phone",
        color_scheme="dark" if dark else "light",  # the site follows the system by default
        locale="en-US",
        storage_state=state,  # type: ignore[arg-type]
    )


def capture(
    browser: Browser, base_url: str, only: set[str] | None, all_dark: bool = False
) -> list[str]:
    """Take every shot (``all_dark``: every page in the dark theme too); returns the names."""
    written: list[str] = []
    signed = browser.new_context()
    sign_in(signed, base_url)
    state = signed.storage_state()
    signed.close()
    for size in SIZES:
        for dark in (False, True):
            shots = [
                s
                for s in PAGES
                if (s.dark or all_dark or not dark) and (only is None or s.name in only)
            ]
            for signed_out in (False, True):
                todo = [s for s in shots if s.signed_out == signed_out]
                if not todo:
                    continue
                ctx = context(browser, size, dark=dark, state=None if signed_out else state)
                page = ctx.new_page()
                for shot in todo:
                    page.goto(base_url + shot.path)
                    if shot.upload:
                        import_record(page, base_url, shot.upload)
                    settle(page, shot.settle)
                    if shot.scroll:
                        page.locator(shot.scroll).first.scroll_into_view_if_needed()
                        time.sleep(0.3)
                    name = f"{shot.name}-{size}{'-dark' if dark else ''}.png"
                    page.screenshot(path=str(OUT / name))
                    written.append(name)
                    if shot.name.startswith("rules-") and size == "desktop" and not dark:
                        written += situations(page)
                ctx.close()
    return written


def import_record(page: Page, base_url: str, match_id: str) -> None:
    """Import the record file of ``match_id`` (as its replay's download saves it) on the
    import page, and wait until its replay is shown."""
    record = page.request.get(f"{base_url}/api/matches/{match_id}").body()
    page.get_by_test_id("import-upload").locator("input[type=file]").set_input_files(
        {"name": f"caravanserai-{match_id}.json", "mimeType": "application/json", "buffer": record}
    )
    page.get_by_test_id("import-name").wait_for()


def situations(page: Page) -> list[str]:
    """One picture per situation drawn on this rules page."""
    names = []
    for figure in page.locator("figure.cs-situation").all():
        testid = figure.get_attribute("data-testid") or ""
        name = f"{testid}.png"
        figure.scroll_into_view_if_needed()
        time.sleep(0.3)
        figure.screenshot(path=str(OUT / name))
        names.append(name)
    return names


def index(written: list[str]) -> str:
    """``docs/screenshots/README.md``: every page, its address and its pictures."""
    lines = [
        "# Screenshots",
        "",
        "Made by `make screenshots` (`scripts/screenshots.py`): the site on a temporary",
        "database with a live table of each game, finished games, history and a profile",
        f"(`scripts/seed.py`), signed in as `{PLAYER}`. Desktop is 1280×800, phone 375×812;",
        "each picture is the top of the page. Re-run it after a change in looks and review",
        "the pictures that changed.",
        "",
        "| Page | Address | Desktop | Phone | Dark (desktop, phone) |",
        "|---|---|---|---|---|",
    ]
    have = set(written) | {p.name for p in OUT.glob("*.png")}
    for shot in PAGES:

        def link(size: str, dark: bool = False, shot: Shot = shot) -> str:
            name = f"{shot.name}-{size}{'-dark' if dark else ''}.png"
            return f"[{size}]({name})" if name in have else "—"

        dark = f"{link('desktop', True)}, {link('phone', True)}" if shot.dark else "—"
        lines.append(
            f"| {shot.name} | `{shot.path}` | {link('desktop')} | {link('phone')} | {dark} |"
        )
    pictures = sorted(n for n in have if n.startswith("situation-"))
    if pictures:
        lines += ["", "## Rules pictures", "", "Each key situation drawn on a rules page:", ""]
        ids = {f"situation-{s}.png": s for s in SITUATIONS}
        lines += [f"- [{ids.get(n, n)}]({n})" for n in pictures]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", help="only these pages (names as in the index)")
    parser.add_argument(
        "--all-dark", action="store_true", help="every page in the dark theme too, for a review"
    )
    args = parser.parse_args()
    only = set(args.pages) or None
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="caravanserai-shots-") as folder:
        url = f"sqlite:///{folder}/site.db"
        seed(url)
        server = Server(Path(folder), env={"DATABASE_URL": url}).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                written = capture(browser, server.url, only, args.all_dark)
                browser.close()
        finally:
            server.stop()
    for name in written:
        shrink(OUT / name)
    (OUT / "README.md").write_text(index(written), encoding="utf-8")
    print(f"{len(written)} screenshots in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
