"""Join codes, the scorekeeper's key and rate-limited guessing, without a browser."""

from __future__ import annotations

from companion.live import CODE_ALPHABET, CODE_LENGTH, FAILURE_WINDOW_SECONDS, MAX_FAILURES, LiveTable


def test_a_game_keeps_one_short_code_and_codes_differ_between_games() -> None:
    live = LiveTable()
    code = live.code_for("draft-1")
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert live.code_for("draft-1") == code
    assert live.code_for("draft-2") != code


def test_joining_with_the_code_finds_the_game_in_any_case() -> None:
    live = LiveTable()
    code = live.code_for("d1")
    assert live.join(code.lower(), "10.0.0.7", now=0).draft_id == "d1"
    assert live.join(" " + code + " ", "10.0.0.7", now=0).draft_id == "d1"


def test_wrong_codes_are_rate_limited_per_phone() -> None:
    live = LiveTable()
    code = live.code_for("d1")
    for i in range(MAX_FAILURES):
        assert live.join("ZZZZ", "10.0.0.7", now=i).draft_id is None
    blocked = live.join(code, "10.0.0.7", now=MAX_FAILURES)
    assert blocked.draft_id is None and blocked.wait_seconds > 0
    assert live.join(code, "10.0.0.8", now=MAX_FAILURES).draft_id == "d1"  # another phone is not blocked
    assert live.join(code, "10.0.0.7", now=FAILURE_WINDOW_SECONDS + MAX_FAILURES).draft_id == "d1"


def test_the_scorekeeper_is_this_computer_or_holds_the_key() -> None:
    live = LiveTable(host_key="secret-key")
    assert live.is_host("127.0.0.1", None) and live.is_host("::1", None) and live.is_host(None, None)
    assert not live.is_host("192.168.1.20", None)
    assert not live.is_host("192.168.1.20", "guess")
    assert live.is_host("192.168.1.20", "secret-key")


def test_a_finished_game_forgets_its_code_and_edit_permission() -> None:
    live = LiveTable()
    code = live.code_for("d1")
    live.allow_edits("d1", True)
    assert live.edits_allowed("d1")
    live.forget("d1")
    assert live.join(code, "10.0.0.7").draft_id is None and not live.edits_allowed("d1")
