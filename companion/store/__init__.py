"""The data of the app: TinyDB files behind one repository."""

from .repository import GameFinished

__all__ = ["GameFinished"]
