"""Table Companion's rules engine: pure Python, no UI. See `python -m scoring --help`."""

from .engine import Assessment, PlayerResult, Result, assess_sheet, parse_sheet, score_sheet
from .errors import SheetError
from .messages import Message, Typed, Words
from .registry import all_specs, get_spec, spec_for_sheet
from .spec import GameSpec, Sheet

__all__ = ["Assessment", "GameSpec", "Message", "PlayerResult", "Result", "Sheet", "SheetError", "Typed", "Words",
           "all_specs", "assess_sheet", "get_spec", "parse_sheet", "score_sheet", "spec_for_sheet"]
