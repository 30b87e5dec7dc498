"""Render icon.svg to the PNG icons of the web app manifest, in assets/ where the server and the phone build both
serve them (run once when the design changes).

`.venv/bin/python publish/icons/render.py` (Playwright and Debian's chromium, as the tests use)."""

from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ASSETS = HERE.parent.parent / "assets"
# file -> (size in px, corner radius of the background, scale of the die). The maskable icons and Apple's are
# square and opaque: the phone cuts their shape itself, and iOS draws transparent corners black.
ICONS = {"icons/icon-192.png": (192, 96, 1.0), "icons/icon-512.png": (512, 96, 1.0),
         "icons/icon-maskable-192.png": (192, 0, 0.8), "icons/icon-maskable-512.png": (512, 0, 0.8),
         "icons/apple-touch-icon-192.png": (192, 0, 0.9), "favicon.png": (32, 96, 1.1)}

with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    for name, (size, radius, scale) in ICONS.items():
        svg = (HERE / "icon.svg").read_text().replace("{RADIUS}", str(radius)).replace("{SCALE}", str(scale))
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(f'<body style="margin:0">{svg.replace("<svg ", f"<svg width={size} height={size} ")}</body>')
        page.screenshot(path=str(ASSETS / name), omit_background=radius > 0)
        page.close()
    browser.close()
