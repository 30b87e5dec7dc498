"""Reading a backup a run of elements at a time gives exactly what decoding it whole gives, whatever its layout
and however its text mimics the places where a run may end; both JSON codecs spell and read values alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import json_codec, json_stream
from companion.store.exchange import export_backup, import_backup
from companion.store.repository import Repository
from scoring import strict_json

from .conftest import kahuna, make_play

# text that looks like the end of an element or of the array, inside strings and nested values
TRICKY = ["},{\"id\":", "}]", "}, {\"id\": 1}", "]}", "{", "[", "\\\"}", "\"},{\"id\":\"x\"}]"]
text = st.text(max_size=6) | st.sampled_from(TRICKY)
keys = text | st.just("id")  # a nested object that begins with an id, as a document does
values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3), max_leaves=10)
documents = st.lists(st.builds(lambda id_, rest: {"id": id_, **rest}, text, st.dictionaries(text, values, max_size=3))
                     | st.dictionaries(text, values, max_size=3), max_size=12)
LAYOUTS = {"compact": {"separators": (",", ":"), "ensure_ascii": False}, "spaced": {},
           "indented": {"indent": 2, "ensure_ascii": False}}


def streamed(data: bytes, runs: Taker | None = None) -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = runs.found if runs is not None else {"plays": [], "drafts": []}

    def on_elements(key: str, first: int, elements: list[Any], span: json_stream.Span) -> None:
        assert first == len(found[key])
        assert json_stream.decode_elements(data, strict_json.decoder(bounded_ints=False), span) == elements
        found[key] += elements

    members = json_stream.read_members(data, strict_json.decoder(bounded_ints=False), ("plays", "drafts"),
                                       lambda key: None, lambda key, value: None, on_elements, runs=runs)
    assert {key: member.count for key, member in members.items() if key in found} == {
        key: len(elements) for key, elements in found.items() if key in members}
    return found


class Taker:
    """Takes runs of plays undecoded, as the import's workers do, and settles them as they would: a run that
    is not elements (a wrong guess at its end) or that is refused (every run numbered in `refused`) is wrong."""

    def __init__(self, data: bytes, refused: set[int]) -> None:
        self.data, self.refused = data, refused
        self.found: dict[str, list[Any]] = {"plays": [], "drafts": []}
        self.pending: list[json_stream.Span] = []
        self.offered = 0
        self.end, self.wrong = 0, None
        self.wrong_runs = 0

    def offer(self, key: str, span: json_stream.Span) -> bool:
        if key != "plays" or self.wrong is not None:
            return False
        self.offered += 1
        self.pending.append(span)
        return True

    def confirm(self, key: str) -> tuple[int, int]:
        for span in self.pending:
            try:
                elements = json_stream.decode_elements(self.data, strict_json.decoder(bounded_ints=False), span)
            except ValueError:
                elements = None
            self.offered -= 1
            if elements is None or not all(isinstance(e, dict) for e in elements) or self.offered in self.refused:
                self.wrong, self.wrong_runs = span[0], self.wrong_runs + 1
                break
            self.found["plays"] += elements
            self.end = span[1]
        self.pending, self.offered = [], 0
        at, self.wrong = (self.end if self.wrong is None else self.wrong), None
        return at, len(self.found["plays"])


@pytest.fixture(params=[True, False], ids=["orjson", "json module"])
def codec(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if not request.param:
        monkeypatch.setattr(json_codec, "orjson", None)


@pytest.mark.parametrize("layout", LAYOUTS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plays=documents, drafts=documents)
def test_runs_of_elements_are_read_as_a_whole_file_is(monkeypatch: pytest.MonkeyPatch, codec: None, layout: str,
                                                       plays: list[Any], drafts: list[Any]) -> None:
    monkeypatch.setattr(json_stream, "CHUNK", 40)  # many runs, and guesses at their ends that fail
    monkeypatch.setattr(json_stream, "MAX_CHUNK", 400)
    data = json.dumps({"format": "x", "plays": plays, "drafts": drafts}, **LAYOUTS[layout]).encode("utf-8")
    assert streamed(data) == {"plays": plays, "drafts": drafts}


@pytest.mark.parametrize("layout", LAYOUTS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plays=documents, drafts=documents, refused=st.sets(st.integers(0, 3)))
def test_runs_taken_undecoded_are_read_as_a_whole_file_is(monkeypatch: pytest.MonkeyPatch, layout: str,
                                                          plays: list[Any], drafts: list[Any],
                                                          refused: set[int]) -> None:
    """Runs taken by their bytes at guessed ends, some of them wrong or refused (read again, with all after
    them), give exactly the elements of the whole file, in order."""
    monkeypatch.setattr(json_stream, "CHUNK", 40)
    monkeypatch.setattr(json_stream, "MAX_CHUNK", 400)
    data = json.dumps({"format": "x", "plays": plays, "drafts": drafts}, **LAYOUTS[layout]).encode("utf-8")
    assert streamed(data, Taker(data, refused)) == {"plays": plays, "drafts": drafts}


def test_a_run_whose_end_is_guessed_inside_an_element_is_read_again() -> None:
    plays = [{"id": str(n), "pad": "x" * 30, "tags": [{}, {"id": "x"}]} for n in range(12)]
    data = json.dumps({"plays": plays}, separators=(",", ":")).encode("utf-8")
    taker = Taker(data, set())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_stream, "CHUNK", 40)
        assert streamed(data, taker)["plays"] == plays
    assert taker.wrong_runs > 0


def test_an_integer_past_64_bits_stays_an_integer() -> None:
    data = b'{"plays": [{"id": "a", "n": 123456789012345678901234567890}, {"id": "b", "n": -9223372036854775809}]}'
    assert streamed(data)["plays"] == [{"id": "a", "n": 123456789012345678901234567890},
                                       {"id": "b", "n": -9223372036854775809}]
    assert json_codec.decode(json_codec.encode([2**70, -(2**70)])) == [2**70, -(2**70)]


@given(values)
def test_both_codecs_read_and_write_a_value_alike(value: Any) -> None:
    standard = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    assert json_codec.decode(standard) == value
    assert json_codec.decode(json_codec.encode(value)) == value
    if not holds_a_float(value):  # a float may be spelled otherwise (1e-07, 1e-7), and read back the same
        assert json_codec.encode(value) == standard


def holds_a_float(value: Any) -> bool:
    if isinstance(value, dict):
        return any(map(holds_a_float, value.values()))
    return any(map(holds_a_float, value)) if isinstance(value, list) else isinstance(value, float)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_backup_in_any_layout_imports_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, codec: None,
                                                 layout: str) -> None:
    monkeypatch.setattr(json_stream, "CHUNK", 200)
    source = Repository.open(tmp_path / "source")
    for day in range(1, 29):
        note = TRICKY[day % len(TRICKY)]
        source.add_play(make_play("kahuna", f"2024-02-{day:02d}T12:00:00+00:00", kahuna([5, 4], [1, 6]),
                                  record={"note": note}))
    backup = export_backup(source)
    data = json.dumps(json.loads(backup), **LAYOUTS[layout]).encode("utf-8")
    target = Repository.open(tmp_path / "target")
    assert import_backup(target, data).plays_added == 28
    assert json.loads(export_backup(target))["plays"] == json.loads(backup)["plays"]
