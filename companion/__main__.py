"""`python -m companion [--port N] [--share] [--data DIR]`: serve Table Companion.

`python -m companion data import|export ...` imports and exports the data instead (see data_cli).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from .config import DEFAULT_PORT, LOOPBACK, ServeConfig, lan_address, resolve_data_dir

if TYPE_CHECKING:
    from .app import Services


def parse_args(argv: list[str] | None = None) -> ServeConfig:
    parser = argparse.ArgumentParser(prog="table-companion", description="Serve Table Companion in the browser.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to serve on (default {DEFAULT_PORT})")
    parser.add_argument("--share", action="store_true",
                        help="listen on the local network so phones on the same Wi-Fi can join")
    parser.add_argument("--data", metavar="DIR", help="folder for the play history (default: your data folder)")
    parser.add_argument("--trusted-proxy", metavar="ADDRESS", action="append", default=[],
                        help="a reverse proxy in front of the server whose X-Forwarded-For header is believed "
                             "(repeatable; without it the header is ignored)")
    args = parser.parse_args(argv)
    return ServeConfig(port=args.port, share=args.share, data_dir=resolve_data_dir(args.data),
                       trusted_proxies=tuple(args.trusted_proxy))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["data"]:
        from .data_cli import main as data_main  # only here: serving does not import it

        return data_main(args[1:])
    config = parse_args(args)
    from .server import serve  # after argument parsing: --help stays instant

    serve(config, lambda: prepare(config))
    return 0


def prepare(config: ServeConfig) -> Services:
    """The app's modules and its data, ready for the first session (run while the server already listens)."""
    from .app import Services
    from .downloads import Downloads
    from .i18n import LANGUAGES
    from .live import LiveTable, PeerRegistry
    from .store.repository import open_repository
    from .uploads import Uploads
    from .warmup import warm_up

    repo, problem = open_repository(config.data_dir)
    live = LiveTable(is_live=lambda draft_id: repo.draft(draft_id) is not None)
    services = Services(repo, Downloads(), live, peers=PeerRegistry(), uploads=Uploads(config.data_dir / "incoming"),
                        problem=problem)
    print(f"Table Companion: data in {config.data_dir}")
    if problem is not None:
        print(f"Cannot open the data: {problem}; the app shows only this message", file=sys.stderr)
    for issue in repo.issues:
        print(f"Warning: {issue.file} could not be read ({issue.reason}); it was moved aside as {issue.moved_to}",
              file=sys.stderr)
    print(f"Open http://{LOOPBACK}:{config.port} in your browser", flush=True)
    if config.share:
        lan = lan_address()
        services.share_url = f"http://{lan}:{config.port}" if lan else None
        where = services.share_url or f"port {config.port} of this computer's address"
        print(f"Players join from their phones on the same Wi-Fi: {where}", flush=True)
        print(f"Scorekeeper on another device: {where}/?key={services.live.host_key}", flush=True)
    warm_up(LANGUAGES)
    return services


if __name__ == "__main__":
    sys.exit(main())
