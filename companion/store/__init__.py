"""The data of the app: games in progress, finished plays, player profiles (see repository.py)."""

from .atomic import StorageError
from .drafts import GameFinished

__all__ = ["GameFinished", "StorageError"]
