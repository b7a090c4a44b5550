"""Record imports within bounds: seats' names get the table's cap, and no request body
over the site's limit is read, whether its length is declared or streamed."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from core.record import MAX_SEAT_NAME, RecordError, validate
from core.table import TAKEOVER_BOT
from tests.ui.test_history_pages import played, upload
from ui.body_limit import LIMIT, MAX_BYTES, BodyLimit
from ui.i18n import LANGUAGES, Translator
from ui.pages.import_record import ImportRefused, record_from_upload
from ui.pages.new_table import MAX_NAME
from ui.seat_names import bot_seat_name, takeover_seat_name

CHUNK = 64 * 1024


def test_a_record_with_huge_names_is_refused_before_it_is_replayed() -> None:
    record = played()
    record["seats"] = ["A" * 450_000, "B" * 450_000]
    with pytest.raises(RecordError) as refused:
        validate(record)
    assert refused.value.key == "seat_name"
    with pytest.raises(ImportRefused) as shown:
        record_from_upload(Translator("en"), json.dumps(record).encode())
    assert shown.value.text == "A seat's name in this record is longer than 40 characters."


def test_a_huge_name_in_a_resignation_note_is_refused_too() -> None:
    record = played()
    record["resigned"] = [{"seat": 0, "ply": 3, "by": "A" * 450_000, "bot": "bot:normal"}]
    with pytest.raises(RecordError) as refused:
        validate(record)
    assert refused.value.key == "seat_name"
    record["resigned"] = [{"seat": 0, "ply": 3, "by": "Ann", "bot": "bot:normal"}] * 3
    with pytest.raises(RecordError):
        validate(record)


def test_every_name_a_table_gives_a_seat_fits_the_records_cap() -> None:
    longest = "x" * MAX_NAME
    for lang in LANGUAGES:
        t = Translator(lang)
        assert len(t("table.takeover", name=longest)) <= MAX_SEAT_NAME
        for bot in ("easy", "normal", "hard"):
            assert len(f"{t(f'bot.{bot}')} 9") <= MAX_SEAT_NAME  # as stored before
            assert len(bot_seat_name(f"bot:{bot}", 9)) <= MAX_SEAT_NAME
    assert len(takeover_seat_name(TAKEOVER_BOT, longest)) <= MAX_SEAT_NAME
    record = played()
    record["seats"] = [longest, Translator("fr")("table.takeover", name=longest)]
    assert validate(record) is record


async def test_the_import_page_says_why_a_record_with_huge_names_is_refused(user: User) -> None:
    record = played()
    record["seats"] = ["A" * 450_000, "B" * 450_000]
    await user.open("/import")
    await upload(user, json.dumps(record).encode())
    await user.should_see("A seat's name in this record is longer than 40 characters.")
    await user.should_not_see(marker="replay-ply")


# ---------------------------------------------------------------- the body limit


class Inner:
    """An ASGI app that reads the whole body, as a form parser does, then answers 200."""

    def __init__(self) -> None:
        self.body = b""
        self.called = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.called = True
        while True:
            message = await receive()
            self.body += message.get("body", b"")
            if not message.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


class Client:
    """Sends one request body, in chunks, and keeps what it was asked for and answered."""

    def __init__(self, total: int) -> None:
        self.chunks = self._chunks(total)
        self.read = 0
        self.sent: list[dict[str, Any]] = []

    @staticmethod
    def _chunks(total: int) -> Iterator[bytes]:
        while total > 0:
            size = min(CHUNK, total)
            total -= size
            yield b"x" * size

    async def receive(self) -> dict[str, Any]:
        chunk = next(self.chunks, b"")
        self.read += len(chunk)
        return {"type": "http.request", "body": chunk, "more_body": bool(chunk)}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    @property
    def text(self) -> str:
        return b"".join(m.get("body", b"") for m in self.sent[1:]).decode()


def scope(headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {"type": "http", "method": "POST", "path": "/x", "headers": headers}


async def test_a_declared_oversized_body_is_refused_without_reading_any_of_it() -> None:
    inner, client = Inner(), Client(10_000_000)
    length = [(b"content-length", b"10000000"), (b"accept-language", b"fr")]
    await BodyLimit(inner)(scope(length), client.receive, client.send)
    assert client.status == 413
    assert client.read == 0 and not inner.called
    assert "trop grande" in client.text and str(LIMIT // 1024) in client.text


async def test_a_streamed_oversized_body_is_cut_off_at_the_limit() -> None:
    inner, client = Inner(), Client(10_000_000)
    await BodyLimit(inner)(scope([]), client.receive, client.send)
    assert client.status == 413
    assert client.read <= LIMIT + CHUNK, "no more than the limit and one chunk was read"
    assert "This request is too large" in client.text


async def test_a_body_whose_length_lies_is_cut_off_too() -> None:
    inner, client = Inner(), Client(10_000_000)
    await BodyLimit(inner)(scope([(b"content-length", b"100")]), client.receive, client.send)
    assert client.status == 413
    assert client.read <= LIMIT + CHUNK


async def test_the_largest_record_file_the_import_takes_passes_the_limit() -> None:
    inner, client = Inner(), Client(MAX_BYTES + 1024)  # the file and its multipart framing
    await BodyLimit(inner)(scope([]), client.receive, client.send)
    assert client.status == 200
    assert len(inner.body) == MAX_BYTES + 1024


async def test_the_site_refuses_a_ten_megabyte_upload_with_a_413(user: User) -> None:
    await user.open("/import")
    (element,) = user.find(ui.upload).elements
    url = element.props["url"]
    files = {"file": ("game.json", b" " * 10_000_000, "application/json")}
    response = await user.http_client.post(url, files=files)
    assert response.status_code == 413
    assert response.text.startswith("This request is too large")
    await user.should_not_see(marker="replay-ply")


async def test_the_site_takes_a_full_size_record_file_through_its_upload_route(
    user: User,
) -> None:
    await user.open("/import")
    (element,) = user.find(ui.upload).elements
    data = json.dumps(played()).encode()
    padded = data + b" " * (MAX_BYTES - len(data))  # JSON allows the trailing blanks
    files = {"file": ("game.json", padded, "application/json")}
    response = await user.http_client.post(element.props["url"], files=files)
    assert response.status_code == 200
    await user.should_see(marker="replay-ply")


async def test_the_site_cuts_off_a_streamed_upload_without_a_length(user: User) -> None:
    await user.open("/import")
    (element,) = user.find(ui.upload).elements
    sent = 0

    async def body() -> AsyncIterator[bytes]:
        nonlocal sent
        yield (
            b"--x\r\nContent-Disposition: form-data; name=file; filename=game.json\r\n"
            b"Content-Type: application/json\r\n\r\n"
        )
        for _ in range(160):  # 10 MB of a file part, with no Content-Length
            sent += CHUNK
            yield b" " * CHUNK

    headers = {"content-type": "multipart/form-data; boundary=x"}
    response = await user.http_client.post(element.props["url"], content=body(), headers=headers)
    assert response.status_code == 413
    assert response.text.startswith("This request is too large")
    assert sent <= LIMIT + 2 * CHUNK, "the rest of the body was never asked for"
