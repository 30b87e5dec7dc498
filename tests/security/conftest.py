"""A phone on a real network: a network namespace joined to this machine by a veth pair.

The namespace side (10.213.0.2) is the phone; the host side (10.213.0.1) is the Wi-Fi address of the
server, which is started as the README says (`python -m companion --share --port P --data DIR`, bound to
0.0.0.0). The namespace also has the addresses of CROWD, more phones on the same Wi-Fi (a phone picks one
with `Phone(url, source=...)`). Traffic goes only to the addresses created here. Needs root and iproute2
(bin/test installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.app import Services
from companion.downloads import Downloads
from companion.store.repository import Repository
from companion.uploads import Uploads
from tests.e2e.conftest import Server, phone, server  # noqa: F401 (browser fixtures)

HOST_SIDE = "10.213.0.1"
PHONE_SIDE = "10.213.0.2"
CROWD_NETWORK = "10.213.1.0/24"
CROWD = [f"10.213.1.{n}" for n in range(1, 61)]
PHONE_SCRIPT = Path(__file__).with_name("phone.py")


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@dataclass
class PhoneNetwork:
    namespace: str

    def run(self, target: Server, scenario: str, *args: Any, timeout: float = 120) -> dict[str, Any]:
        """Run one scenario of phone.py inside the namespace against the server's Wi-Fi address."""
        url = (f"http://{HOST_SIDE}:{target.port}" if scenario == "get" else f"ws://{HOST_SIDE}:{target.port}/ws")
        done = subprocess.run(["ip", "netns", "exec", self.namespace, sys.executable, str(PHONE_SCRIPT), url,
                               scenario, *map(str, args)], capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="session")
def phone_network() -> Iterator[PhoneNetwork]:
    if os.geteuid() != 0:
        pytest.skip("a phone on a real network needs a network namespace: run as root")
    if shutil.which("ip") is None:
        pytest.skip("a phone on a real network needs iproute2 (the `ip` command)")
    pid = os.getpid()
    namespace, host_if, phone_if = f"tc-phone-{pid}", f"tch{pid}"[:15], f"tcp{pid}"[:15]
    try:
        _ip("netns", "add", namespace)
        _ip("link", "add", host_if, "type", "veth", "peer", "name", phone_if)
        _ip("link", "set", phone_if, "netns", namespace)
        _ip("addr", "add", f"{HOST_SIDE}/30", "dev", host_if)
        _ip("link", "set", host_if, "up")
        _ip("netns", "exec", namespace, "ip", "addr", "add", f"{PHONE_SIDE}/30", "dev", phone_if)
        _ip("netns", "exec", namespace, "ip", "link", "set", phone_if, "up")
        _ip("netns", "exec", namespace, "ip", "link", "set", "lo", "up")
        subprocess.run(["ip", "-n", namespace, "-batch", "-"], check=True, capture_output=True, text=True,
                       input="".join(f"addr add {address}/24 dev {phone_if}\n" for address in CROWD))
        _ip("route", "add", CROWD_NETWORK, "dev", host_if)
        yield PhoneNetwork(namespace)
    finally:
        subprocess.run(["ip", "link", "del", host_if], capture_output=True)
        subprocess.run(["ip", "netns", "del", namespace], capture_output=True)


@pytest.fixture
def shared_server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data", "--share")
    yield running
    running.stop()


@pytest.fixture
def services(tmp_path: Path) -> Services:
    return Services(Repository.open(tmp_path / "data"), Downloads(), uploads=Uploads(tmp_path / "incoming"))
