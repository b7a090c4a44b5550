"""Accounts in storage, on SQLite and PostgreSQL: a guest becomes an account and keeps its
games, names are unique whatever their case, provider identities link once, and a
deleted account leaves its games anonymised."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine

from storage.accounts import (
    DELETED_NAME,
    AccountError,
    create_account,
    delete_account,
    find_account,
    free_username,
    get_user,
    identities_of,
    link_identity,
    set_password,
    user_for_identity,
    valid_username,
)
from storage.models import DELETED, GUEST, LOCAL
from storage.repo import ensure_guest, load_record, matches_for_user

BOB = "b" * 32


def test_a_guest_becomes_an_account_and_keeps_its_games(
    engine: Engine, ann: str, match_id: str
) -> None:
    user = create_account(engine, user_id=ann, username="Ann_1", password_hash="h")
    assert (user.id, user.kind, user.username, user.username_key) == (ann, LOCAL, "Ann_1", "ann_1")
    assert [m["id"] for m in matches_for_user(engine, user_id=ann)] == [match_id]
    assert find_account(engine, username="ANN_1") is not None


def test_an_unknown_visitor_becomes_an_account_directly(engine: Engine) -> None:
    user = create_account(engine, user_id=BOB, username="bob", password_hash=None)
    assert user.kind == LOCAL and user.password_hash is None


def test_a_username_is_taken_whatever_its_case_and_an_account_is_made_once(
    engine: Engine, ann: str
) -> None:
    create_account(engine, user_id=ann, username="ann", password_hash="h")
    ensure_guest(engine, user_id=BOB, name="bob")
    with pytest.raises(AccountError) as taken:
        create_account(engine, user_id=BOB, username="ANN", password_hash="h")
    assert taken.value.code == "username_taken"
    assert get_user(engine, user_id=BOB).kind == GUEST  # type: ignore[union-attr]
    with pytest.raises(AccountError) as twice:
        create_account(engine, user_id=ann, username="ann2", password_hash="h")
    assert twice.value.code == "not_guest"


@pytest.mark.parametrize("name", ["", "ab", "a" * 25, "_ann", "ann bob", "<b>x</b>", "é" * 4, 3])
def test_bad_usernames_are_refused(engine: Engine, ann: str, name: object) -> None:
    assert not valid_username(name)
    with pytest.raises(AccountError) as caught:
        create_account(engine, user_id=ann, username=name, password_hash="h")  # type: ignore[arg-type]
    assert caught.value.code == "bad_username"


def test_a_password_is_changed_only_for_an_account(engine: Engine, ann: str) -> None:
    with pytest.raises(AccountError):
        set_password(engine, user_id=ann, password_hash="new")
    create_account(engine, user_id=ann, username="ann", password_hash="old")
    set_password(engine, user_id=ann, password_hash="new")
    assert get_user(engine, user_id=ann).password_hash == "new"  # type: ignore[union-attr]


def test_a_provider_identity_links_to_one_account(engine: Engine, ann: str) -> None:
    create_account(engine, user_id=ann, username="ann", password_hash=None)
    create_account(engine, user_id=BOB, username="bob", password_hash=None)
    link_identity(engine, provider="mock", subject="ann@example.com", user_id=ann)
    assert user_for_identity(engine, provider="mock", subject="ann@example.com").id == ann  # type: ignore[union-attr]
    assert user_for_identity(engine, provider="other", subject="ann@example.com") is None
    with pytest.raises(AccountError) as caught:
        link_identity(engine, provider="mock", subject="ann@example.com", user_id=BOB)
    assert caught.value.code == "identity_taken"
    assert identities_of(engine, user_id=ann) == ["mock"]


def test_a_deleted_account_keeps_its_games_anonymised_and_frees_its_name(
    engine: Engine, ann: str, match_id: str
) -> None:
    create_account(engine, user_id=ann, username="ann", password_hash="h")
    link_identity(engine, provider="mock", subject="ann", user_id=ann)
    delete_account(engine, user_id=ann)
    user = get_user(engine, user_id=ann)
    assert user is not None and user.kind == DELETED and user.name == DELETED_NAME
    assert (user.username, user.password_hash) == (None, None)
    assert find_account(engine, username="ann") is None
    assert user_for_identity(engine, provider="mock", subject="ann") is None
    record = load_record(engine, match_id=match_id)
    assert record is not None and record["seats"][0] == DELETED_NAME
    create_account(engine, user_id=BOB, username="ann", password_hash="h")  # the name is free


def test_provider_accounts_get_a_free_valid_username(engine: Engine) -> None:
    assert free_username(engine, "bob.smith") == "bob.smith"
    create_account(engine, user_id=BOB, username="bob.smith", password_hash=None)
    second = free_username(engine, "Bob.Smith")
    assert second != "bob.smith" and valid_username(second)
    assert valid_username(free_username(engine, "<script>"))
    assert valid_username(free_username(engine, ""))
    assert valid_username(free_username(engine, "_x"))
