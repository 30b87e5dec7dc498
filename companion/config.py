"""Where the app keeps its data and how it is served."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "TableCompanion"
DEFAULT_PORT = 8550
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class ServeConfig:
    port: int = DEFAULT_PORT
    share: bool = False
    data_dir: Path = Path("data")
    trusted_proxies: tuple[str, ...] = ()  # X-Forwarded-For is believed only from these addresses

    @property
    def host(self) -> str:
        return "0.0.0.0" if self.share else LOOPBACK


def resolve_data_dir(explicit: str | None) -> Path:
    """--data DIR when given; else the folder Flet provides to packaged apps; else the user's data folder."""
    if explicit:
        return Path(explicit).expanduser().resolve()
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA")
    if flet_dir:
        return Path(flet_dir)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def lan_address() -> str | None:
    """This machine's address on the local network, for phones on the same Wi-Fi.

    Connecting a UDP socket sends no packet; it only asks the OS which interface would be used.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never contacted
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address
