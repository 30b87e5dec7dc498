"""The phone build's openskill: the Python sources of the wheel, without the compiled modules a computer's wheel
adds (bin/publish leaves them out), rate as the computer does."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from companion.store.ratings import rate
from publish.build import python_files

from ..store.test_ratings import play

RATE = """import sys
sys.path.insert(0, sys.argv[1])
import openskill.models.weng_lin.plackett_luce as model
from companion.store.ratings import rate
from tests.store.test_ratings import play
mina = rate([play(1, (("Mina",), ("Joon",), ("Sora",)))]).overall["Mina"]
print(model.__file__, repr(mina.mu), repr(mina.sigma))
"""


def test_the_phone_build_packs_openskills_sources_and_they_rate_as_the_computer_does(tmp_path: Path) -> None:
    packed = {name.removeprefix("__pypackages__/"): source for name, source in python_files().items()
              if name.startswith("__pypackages__/openskill/")}
    assert "openskill/models/weng_lin/plackett_luce.py" in packed
    for name, source in packed.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, tmp_path / name)
    out = subprocess.run([sys.executable, "-c", RATE, str(tmp_path)], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2]).stdout.split()
    mina = rate([play(1, (("Mina",), ("Joon",), ("Sora",)))]).overall["Mina"]
    assert out == [str(tmp_path / "openskill/models/weng_lin/plackett_luce.py"), repr(mina.mu), repr(mina.sigma)]
