"""JSON to and from bytes: through orjson where it is installed, else Python's own json module.

orjson decodes a backup about three times faster than the json module and encodes a shard about four times
faster (both measured in `bench.import_backup`). The phone build runs in Pyodide, which has no orjson: there
the json module does all of it, the same bytes more slowly. Where the two would differ, the json module
decides:
- `encode`: what orjson will not write (an integer beyond 64 bits, a key that is not text, a subclass of a
  JSON type) is written by the json module, which spells it as it always has (or refuses it);
- `decode` and `decode_array`: text that orjson would read differently (an integer beyond 64 bits becomes a float, a
  number longer than the strict decoder allows is accepted) or refuses (a lone surrogate, NaN) is left to
  the json module, or in `decode_array` to the caller's own decoder (None).
A float that is not finite is the one case orjson spells differently (null, where json refuses it): nothing
stored holds one, as every number comes through the strict decoder or the rules engine.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # Pyodide (the phone build)
    orjson = None  # type: ignore[assignment]

# Plain JSON types only: a subclass, a dataclass or a datetime goes to the json module, which decides.
_ORJSON_OPTIONS = (orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
                   | orjson.OPT_PASSTHROUGH_DATETIME) if orjson is not None else 0
# 19 digits in a row: an integer that may not fit in 64 bits, or a number longer than the strict decoder takes
# (a longer one has such a run too). Also found inside text, where it only costs the faster decoder. Found by
# turning every digit into "0" and everything else into a space: fifty times faster than a regular expression.
_DIGITS_AS_ZEROS = bytes(ord("0") if chr(i) in "0123456789" else ord(" ") for i in range(256))
_LONG_DIGITS = b"0" * 19


def _has_long_digits(data: bytes) -> bool:
    return _LONG_DIGITS in data.translate(_DIGITS_AS_ZEROS)


def encode(value: Any) -> bytes:
    """Compact UTF-8 JSON (no spaces, text unescaped). Raises TypeError or ValueError for what JSON cannot hold."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=_ORJSON_OPTIONS)
        except TypeError:
            pass
    # what is stored is JSON-shaped, never circular: skipping that check saves a fifth of the time
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False,
                      check_circular=False).encode("utf-8")


def decode(data: bytes) -> Any:
    """The value of UTF-8 JSON. Raises ValueError (json.JSONDecodeError) for what is not JSON."""
    if orjson is None or _has_long_digits(data):
        return json.loads(data)
    return orjson.loads(data)


def decode_array(elements: bytes) -> list[Any] | None:
    """The values of `elements` (UTF-8 JSON values separated by commas, as inside an array), or None when
    the caller's own decoder must read them: orjson is not installed, refuses them (invalid JSON, which the
    caller's decoder then reports in its own way) or might read them differently."""
    if orjson is None or _has_long_digits(elements):
        return None
    try:
        return orjson.loads(b"[" + elements + b"]")  # type: ignore[no-any-return]
    except orjson.JSONDecodeError:
        return None
