"""The layers import only downwards: scoring <- store <- models <- widgets <- views and games, and views and
games never import each other.

Every import in every module of the two packages is read with `ast` (relative imports resolved), so a
forbidden import anywhere, even inside a function, fails here.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# layer -> the imports it may not make (prefixes of module names)
FORBIDDEN = {
    "scoring": ("companion", "flet"),
    "companion.store": ("companion.models", "companion.widgets", "companion.views", "companion.games", "flet"),
    "companion.models": ("companion.widgets", "companion.views", "companion.games"),
    "companion.widgets": ("companion.views", "companion.games"),
    # a game's piece and the screens meet only through widgets.game_unit's contract, which the app hands over
    "companion.games": ("companion.views",),
    "companion.views": ("companion.games",),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found += [(node.lineno, base)] + [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def layer_of(module: str) -> str | None:
    return next((layer for layer in sorted(FORBIDDEN, key=len, reverse=True)
                 if module == layer or module.startswith(layer + ".")), None)


def violations() -> list[str]:
    found = []
    for path in sorted([*ROOT.glob("scoring/**/*.py"), *ROOT.glob("companion/**/*.py")]):
        layer = layer_of(module_name(path))
        if layer is None:
            continue
        for line, imported in imports_of(path):
            if any(imported == bad or imported.startswith(bad + ".") for bad in FORBIDDEN[layer]):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    return sorted(set(found))


def test_every_layer_imports_only_the_layers_below() -> None:
    assert violations() == []


@pytest.mark.parametrize(("source", "bad"), [
    ("from ..models.sheet_model import SheetModel", True),
    ("import flet as ft", True),
    ("from . import schema", False),
    ("from scoring import get_spec", False),
])
def test_the_rule_catches_an_upward_import(tmp_path: Path, source: str, bad: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "companion" / "store"
    store.mkdir(parents=True)
    (store / "probe.py").write_text(f"def later():\n    {source}\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert bool(violations()) is bad


@pytest.mark.parametrize(("package", "source"), [
    ("games", "from ..views.sheet import SheetScreen"),
    ("views", "from ..games import unit_for"),
    ("views", "import companion.games.pina"),
])
def test_games_and_views_never_import_each_other(tmp_path: Path, package: str, source: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Not even for a type: a game's piece knows the sheet only by its GameContext."""
    folder = tmp_path / "companion" / package
    folder.mkdir(parents=True)
    (folder / "probe.py").write_text(f"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    {source}\n",
                                     encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = violations()
    assert found and all(line.startswith(f"companion/{package}/probe.py:3 imports ") for line in found)
