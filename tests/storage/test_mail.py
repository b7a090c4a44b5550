"""Mail storage: addresses, single-use expiring tokens kept as hashes, and the outbox
(deduplicated, retried with backoff, claimed once by several senders)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine, inspect, text
from sqlmodel import select

from storage import accounts, mail
from storage.db import session
from storage.mail import MailError
from storage.models import TOKEN_CONFIRM, TOKEN_RESET, MailToken, OutboxMail

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


@pytest.fixture
def annie(engine: Engine) -> str:
    """An account, annie, with no address yet."""
    accounts.create_account(engine, user_id="a" * 32, username="annie", password_hash="old")
    return "a" * 32


def confirmed(engine: Engine, user_id: str, address: str = "annie@example.org") -> None:
    mail.set_address(engine, user_id=user_id, address=address, lang="fr", now=NOW)
    token = mail.issue_token(
        engine,
        user_id=user_id,
        purpose=TOKEN_CONFIRM,
        address=address,
        ttl=mail.CONFIRM_FOR,
        now=NOW,
    )
    assert mail.confirm_address(engine, token=token, site_url="http://site", now=NOW) is not None


def queue(engine: Engine, dedupe: str, to: str = "annie@example.org") -> bool:
    return mail.enqueue(engine, dedupe=dedupe, to=to, subject="s", text="t", now=NOW)


def test_the_mail_tables_are_created_by_the_migrations(engine: Engine) -> None:
    assert {"mail_addresses", "mail_tokens", "mail_outbox"} <= set(
        inspect(engine).get_table_names()
    )


def test_addresses_are_checked_and_length_limited() -> None:
    assert mail.valid_address("annie@example.org")
    assert mail.valid_address("Ann.O'Neil+games@mail.example.co.uk")
    for bad in (
        "",
        "annie",
        "annie@",
        "@example.org",
        "annie@example",
        "annie@@example.org",
        "an nie@example.org",
        "annie@example.org\nBcc: eve@example.org",
        "annie@example.org>, eve@example.org",
        '"annie"@example.org',
        "ännie@example.org",
        "a" * 65 + "@example.org",
        "a@" + "b" * 250 + ".org",
        None,
        42,
    ):
        assert not mail.valid_address(bad), bad


def test_a_new_address_is_unconfirmed_until_its_link_is_used(engine: Engine, annie: str) -> None:
    row = mail.set_address(engine, user_id=annie, address="Annie@Example.org", lang="fr", now=NOW)
    assert row.confirmed_at is None and row.address_key == "annie@example.org"
    token = mail.issue_token(
        engine,
        user_id=annie,
        purpose=TOKEN_CONFIRM,
        address="Annie@Example.org",
        ttl=mail.CONFIRM_FOR,
        now=NOW,
    )
    done = mail.confirm_address(engine, token=token, site_url="http://site", now=NOW)
    assert done is not None and done.confirmed_at == NOW and done.site_url == "http://site"
    assert mail.confirm_address(engine, token=token, site_url="http://site", now=NOW) is None


def test_tokens_are_kept_only_as_their_hash(engine: Engine, annie: str) -> None:
    token = mail.issue_token(
        engine, user_id=annie, purpose=TOKEN_RESET, address="a@b.org", ttl=mail.RESET_FOR, now=NOW
    )
    with session(engine) as s:
        stored = s.exec(select(MailToken)).one()
    assert stored.digest == mail.token_digest(token) and token not in stored.digest


def test_a_reset_token_works_once_and_sets_the_password(engine: Engine, annie: str) -> None:
    confirmed(engine, annie)
    target = mail.reset_target(engine, address="ANNIE@example.org")
    assert target is not None and target.user_id == annie and target.lang == "fr"
    token = mail.issue_token(
        engine,
        user_id=annie,
        purpose=TOKEN_RESET,
        address=target.address,
        ttl=mail.RESET_FOR,
        now=NOW,
    )
    assert mail.token_works(engine, token=token, purpose=TOKEN_RESET, now=NOW)
    assert mail.reset_password(engine, token=token, password_hash="new", now=NOW) == annie
    assert accounts.get_user(engine, user_id=annie).password_hash == "new"  # type: ignore[union-attr]
    assert mail.reset_password(engine, token=token, password_hash="again", now=NOW) is None
    assert accounts.get_user(engine, user_id=annie).password_hash == "new"  # type: ignore[union-attr]
    assert not mail.token_works(engine, token=token, purpose=TOKEN_RESET, now=NOW)


def test_a_reset_token_expires_after_an_hour(engine: Engine, annie: str) -> None:
    token = mail.issue_token(
        engine, user_id=annie, purpose=TOKEN_RESET, address="a@b.org", ttl=mail.RESET_FOR, now=NOW
    )
    later = NOW + mail.RESET_FOR
    assert mail.token_works(
        engine, token=token, purpose=TOKEN_RESET, now=later - timedelta(seconds=1)
    )
    assert mail.reset_password(engine, token=token, password_hash="new", now=later) is None
    assert accounts.get_user(engine, user_id=annie).password_hash == "old"  # type: ignore[union-attr]


def test_a_token_serves_only_its_purpose_and_garbled_ones_nothing(
    engine: Engine, annie: str
) -> None:
    confirmed(engine, annie)
    token = mail.issue_token(
        engine,
        user_id=annie,
        purpose=TOKEN_CONFIRM,
        address="annie@example.org",
        ttl=mail.CONFIRM_FOR,
        now=NOW,
    )
    assert mail.reset_password(engine, token=token, password_hash="new", now=NOW) is None
    for garbled in ("", "x", token[:-1], token + "x", "é" * 43, "../" * 15):
        assert mail.reset_password(engine, token=garbled, password_hash="new", now=NOW) is None
        assert mail.confirm_address(engine, token=garbled, site_url=None, now=NOW) is None
    assert accounts.get_user(engine, user_id=annie).password_hash == "old"  # type: ignore[union-attr]


def test_one_reset_spends_every_other_reset_link(engine: Engine, annie: str) -> None:
    first, second = (
        mail.issue_token(
            engine,
            user_id=annie,
            purpose=TOKEN_RESET,
            address="a@b.org",
            ttl=mail.RESET_FOR,
            now=NOW,
        )
        for _ in range(2)
    )
    assert mail.reset_password(engine, token=second, password_hash="new", now=NOW) == annie
    assert mail.reset_password(engine, token=first, password_hash="evil", now=NOW) is None


def test_changing_the_address_spends_the_old_confirmation_link(engine: Engine, annie: str) -> None:
    mail.set_address(engine, user_id=annie, address="old@example.org", lang="en", now=NOW)
    token = mail.issue_token(
        engine,
        user_id=annie,
        purpose=TOKEN_CONFIRM,
        address="old@example.org",
        ttl=mail.CONFIRM_FOR,
        now=NOW,
    )
    mail.set_address(engine, user_id=annie, address="new@example.org", lang="en", now=NOW)
    assert mail.confirm_address(engine, token=token, site_url=None, now=NOW) is None
    assert mail.address_of(engine, user_id=annie).confirmed_at is None  # type: ignore[union-attr]


def test_an_address_confirmed_by_another_account_is_refused(engine: Engine, annie: str) -> None:
    confirmed(engine, annie)
    accounts.create_account(engine, user_id="b" * 32, username="bea", password_hash="x")
    mail.set_address(engine, user_id="b" * 32, address="ANNIE@example.org", lang="en", now=NOW)
    token = mail.issue_token(
        engine,
        user_id="b" * 32,
        purpose=TOKEN_CONFIRM,
        address="ANNIE@example.org",
        ttl=mail.CONFIRM_FOR,
        now=NOW,
    )
    with pytest.raises(MailError, match="Another account"):
        mail.confirm_address(engine, token=token, site_url=None, now=NOW)
    assert mail.reset_target(engine, address="annie@example.org").user_id == annie  # type: ignore[union-attr]


def test_an_unknown_or_unconfirmed_address_has_no_reset_target(engine: Engine, annie: str) -> None:
    assert mail.reset_target(engine, address="nobody@example.org") is None
    mail.set_address(engine, user_id=annie, address="annie@example.org", lang="en", now=NOW)
    assert mail.reset_target(engine, address="annie@example.org") is None
    assert mail.reset_target(engine, address="x" * 300) is None


def test_bad_choices_and_addresses_change_nothing(engine: Engine, annie: str) -> None:
    with pytest.raises(MailError):
        mail.set_address(engine, user_id=annie, address="not an address", lang="en", now=NOW)
    with pytest.raises(MailError):
        mail.set_turns(engine, user_id=annie, turns="each", lang="en")  # no address yet
    confirmed(engine, annie)
    with pytest.raises(MailError):
        mail.set_turns(engine, user_id=annie, turns="hourly", lang="en")
    assert mail.address_of(engine, user_id=annie).turns == "off"  # type: ignore[union-attr]


def test_only_confirmed_addresses_choosing_each_turn_get_turn_mails(
    engine: Engine, annie: str
) -> None:
    mail.set_address(engine, user_id=annie, address="annie@example.org", lang="en", now=NOW)
    mail.set_turns(engine, user_id=annie, turns="each", lang="en")
    assert mail.turn_recipients(engine, user_ids=[annie]) == []
    confirmed(engine, annie)
    assert [r.user_id for r in mail.turn_recipients(engine, user_ids=[annie, "z" * 32])] == [annie]
    assert mail.unsubscribe(engine, user_id=annie)
    assert mail.turn_recipients(engine, user_ids=[annie]) == []
    assert not mail.unsubscribe(engine, user_id="z" * 32)


def test_the_digest_is_due_once_a_day(engine: Engine, annie: str) -> None:
    confirmed(engine, annie)
    mail.set_turns(engine, user_id=annie, turns="digest", lang="en")
    day = timedelta(days=1)
    assert [r.user_id for r in mail.digest_due(engine, now=NOW, every=day)] == [annie]
    mail.digest_done(engine, user_id=annie, now=NOW)
    assert mail.digest_due(engine, now=NOW + day - timedelta(seconds=1), every=day) == []
    assert len(mail.digest_due(engine, now=NOW + day, every=day)) == 1


def test_a_dedupe_key_queues_one_mail(engine: Engine) -> None:
    assert queue(engine, "turn:u:m:3")
    assert not queue(engine, "turn:u:m:3")
    assert queue(engine, "turn:u:m:4")
    assert len(mail.claim_due(engine, now=NOW)) == 2


def test_a_mail_to_a_bad_address_is_never_queued(engine: Engine) -> None:
    with pytest.raises(MailError):
        queue(engine, "x", to="eve@example.org\r\nBcc: all@example.org")


def test_a_claimed_mail_is_not_claimed_again_until_its_claim_runs_out(engine: Engine) -> None:
    queue(engine, "one")
    [claimed] = mail.claim_due(engine, now=NOW)
    assert claimed.attempts == 1
    assert mail.claim_due(engine, now=NOW + mail.CLAIM_FOR - timedelta(seconds=1)) == []
    [again] = mail.claim_due(engine, now=NOW + mail.CLAIM_FOR)  # its sender died
    assert again.attempts == 2


def test_a_sent_mail_is_never_sent_again_and_forgets_its_links(engine: Engine) -> None:
    queue(engine, "one")
    [claimed] = mail.claim_due(engine, now=NOW)
    assert claimed.id is not None
    mail.mark_sent(engine, mail_id=claimed.id, now=NOW)
    assert mail.claim_due(engine, now=NOW + timedelta(days=1)) == []
    with session(engine) as s:
        row = s.exec(select(OutboxMail)).one()
    assert row.sent_at == NOW and row.text == ""


def test_failed_mails_are_retried_with_growing_waits_then_given_up(engine: Engine) -> None:
    queue(engine, "one")
    now, waits = NOW, []
    for attempt in range(1, mail.MAX_ATTEMPTS + 1):
        [claimed] = mail.claim_due(engine, now=now)
        assert claimed.id is not None and claimed.attempts == attempt
        given_up = mail.mark_failed(engine, mail_id=claimed.id, error="451 try later", now=now)
        assert given_up == (attempt == mail.MAX_ATTEMPTS)
        with session(engine) as s:
            row = s.exec(select(OutboxMail)).one()
        if given_up:
            break
        waits.append(row.next_try_at - now)
        assert mail.claim_due(engine, now=row.next_try_at - timedelta(seconds=1)) == []
        now = row.next_try_at
    assert waits == [mail.retry_wait(n) for n in range(1, mail.MAX_ATTEMPTS)]
    assert waits == sorted(waits) and waits[0] == timedelta(minutes=1)
    assert mail.claim_due(engine, now=now + timedelta(days=30)) == []
    assert row.last_error == "451 try later" and row.given_up_at == now


def test_old_mails_and_spent_tokens_are_forgotten(engine: Engine, annie: str) -> None:
    queue(engine, "one")
    [claimed] = mail.claim_due(engine, now=NOW)
    assert claimed.id is not None
    mail.mark_sent(engine, mail_id=claimed.id, now=NOW)
    mail.issue_token(
        engine, user_id=annie, purpose=TOKEN_RESET, address="a@b.org", ttl=mail.RESET_FOR, now=NOW
    )
    mail.forget_old(engine, now=NOW + mail.KEEP_FOR + timedelta(hours=2))
    with session(engine) as s:
        assert s.exec(select(OutboxMail)).all() == []
        assert s.exec(select(MailToken)).all() == []


@pytest.mark.postgres
def test_senders_claiming_together_on_postgresql_never_take_one_mail_twice(
    postgres_engine: Engine,
) -> None:
    """Ten threads claim at the same moment: with SKIP LOCKED each mail goes to one."""
    with postgres_engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    from storage.db import migrate

    migrate(postgres_engine)
    for n in range(40):
        queue(postgres_engine, f"m{n}")
    start = threading.Barrier(10)
    taken: list[int] = []
    lock = threading.Lock()

    def sender() -> None:
        start.wait()
        while claimed := mail.claim_due(postgres_engine, now=NOW, limit=3):
            with lock:
                taken.extend(m.id for m in claimed if m.id is not None)

    threads = [threading.Thread(target=sender) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(taken) == sorted(set(taken)) and len(taken) == 40


@pytest.mark.postgres
def test_a_claim_skips_the_rows_another_claim_holds_locked(postgres_engine: Engine) -> None:
    """While one transaction holds a due row locked, another claim takes the next one at
    once instead of waiting for it."""
    with postgres_engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    from storage.db import migrate

    migrate(postgres_engine)
    queue(postgres_engine, "first")
    queue(postgres_engine, "second")
    with postgres_engine.connect() as holder:
        locked = holder.execute(
            text("SELECT id FROM mail_outbox WHERE dedupe = 'first' FOR UPDATE")
        ).scalar_one()
        claimed = mail.claim_due(postgres_engine, now=NOW)
        assert [m.dedupe for m in claimed] == ["second"]
        holder.rollback()
    [later] = mail.claim_due(postgres_engine, now=NOW)
    assert later.id == locked
