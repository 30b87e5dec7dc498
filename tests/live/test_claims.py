"""Which phone is which player on the live table, and what a phone may change, without a browser."""

from __future__ import annotations

import pytest

from companion.claims import ClaimError, Claims, check_edit
from companion.i18n import catalog
from companion.live import LiveTable

PLAYERS = ["Ana", "Bo", "Cy"]


def refusal(call: object, *args: object) -> str:
    with pytest.raises(ClaimError) as refused:
        call(*args)  # type: ignore[operator]
    assert all(refused.value.message_key in catalog(lang) for lang in ("en", "ko"))
    return refused.value.message_key


def test_a_phone_is_one_player_and_a_player_is_one_phone() -> None:
    claims = Claims()
    assert claims.claim("d1", "Ana", PLAYERS, "phone-1", "10.0.0.7").player == "Ana"
    assert claims.claim("d1", "Ana", PLAYERS, "phone-1", "10.0.0.7").player == "Ana"  # saying it again is no change
    assert refusal(claims.claim, "d1", "Ana", PLAYERS, "phone-2", "10.0.0.8") == "live.claim.taken"
    assert refusal(claims.claim, "d1", "Bo", PLAYERS, "phone-1", "10.0.0.7") == "live.claim.already"
    assert refusal(claims.claim, "d1", "Dee", PLAYERS, "phone-2", "10.0.0.8") == "live.claim.unknown"
    claims.claim("d1", "Bo", PLAYERS, "phone-2", "10.0.0.8")
    claims.claim("d2", "Bo", PLAYERS, "phone-1", "10.0.0.7")  # another game: another player
    assert [(c.player, c.peer) for c in claims.of_game("d1")] == [("Ana", "10.0.0.7"), ("Bo", "10.0.0.8")]
    assert claims.player_of("d1", "phone-1") == "Ana" and claims.player_of("d2", "phone-1") == "Bo"


def test_the_scorekeeper_frees_a_player_and_a_phone_that_left_frees_its_own() -> None:
    claims = Claims()
    claims.claim("d1", "Ana", PLAYERS, "phone-1", "10.0.0.7")
    claims.claim("d1", "Bo", PLAYERS, "phone-2", "10.0.0.8")
    claims.claim("d2", "Cy", PLAYERS, "phone-1", "10.0.0.7")
    claims.free("d1", "Ana")
    assert claims.player_of("d1", "phone-1") is None
    assert claims.claim("d1", "Cy", PLAYERS, "phone-1", "10.0.0.7").player == "Cy"  # free to say it again
    assert sorted(claims.release("phone-1")) == ["d1", "d2"]
    assert [c.player for c in claims.of_game("d1")] == ["Bo"] and claims.of_game("d2") == []


def test_a_finished_game_forgets_its_claims() -> None:
    live = LiveTable()
    code = live.code_for("d1")
    live.claims.claim("d1", "Ana", PLAYERS, "phone-1", "10.0.0.7")
    live.forget("d1")
    assert live.claims.of_game("d1") == [] and live.join(code, "10.0.0.7").draft_id is None


@pytest.mark.parametrize(("allowed", "player", "path", "refused"), [
    (True, "Bo", ("players", 1, "coins_left"), None),
    (True, "Bo", ("players", 1, "cheques", 0), None),
    (True, "Bo", ("players", 0, "coins_left"), "live.claim.not_yours"),
    (True, "Bo", ("players", 1, "name"), "live.claim.not_yours"),
    (True, "Bo", ("players", 1), "live.claim.not_yours"),
    (True, "Bo", ("rounds", 0, "Bo"), "live.claim.not_yours"),
    (True, None, ("players", 1, "coins_left"), "live.claim.none"),
    (True, "Dee", ("players", 1, "coins_left"), "live.claim.none"),  # renamed or removed meanwhile
    (False, "Bo", ("players", 1, "coins_left"), "live.claim.off"),
])
def test_a_phone_changes_only_its_own_players_fields(allowed: bool, player: str | None, path: tuple[object, ...],
                                                     refused: str | None) -> None:
    if refused is None:
        check_edit(allowed, player, path, PLAYERS)
    else:
        assert refusal(check_edit, allowed, player, path, PLAYERS) == refused
