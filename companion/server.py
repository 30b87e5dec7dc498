"""Serve the app over HTTP: the Flet web client (offline, no CDN) plus /download/<token> for files."""

from __future__ import annotations

from pathlib import Path

import flet_web.fastapi as flet_fastapi
import uvicorn
from fastapi import Response
from fastapi.responses import PlainTextResponse

from .app import Services
from .config import ServeConfig
from .main import make_main

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"


def build_asgi_app(services: Services) -> flet_fastapi.FastAPI:
    app = flet_fastapi.FastAPI()

    @app.get("/download/{token}")
    def download(token: str) -> Response:
        item = services.downloads.get(token)
        if item is None:
            return PlainTextResponse("This download has expired. Open it again from the app.", status_code=404)
        return Response(item.payload, media_type=item.media_type,
                        headers={"Content-Disposition": f'attachment; filename="{item.filename}"'})

    app.mount("/", flet_fastapi.app(
        make_main(services),
        assets_dir=str(ASSETS_DIR),
        app_name="Table Companion",
        app_short_name="Table Companion",
        app_description="Score sheets, tiebreaks and guided rounds for your board games",
        no_cdn=True,
    ))
    return app


def serve(config: ServeConfig, services: Services) -> None:
    server = uvicorn.Server(uvicorn.Config(build_asgi_app(services), host=config.host, port=config.port,
                                           log_level="warning", ws="websockets-sansio"))
    server.run()
