"""Sheet paths for the app's models and widgets: the engine's own (`scoring.paths`)."""

from scoring.paths import Path, get_in, parse, set_in, to_text

__all__ = ["Path", "get_in", "parse", "set_in", "to_text"]
