"""Render icon.svg to the PNG icons of the web app manifest (run once when the design changes).

`python publish/icons/render.py` (Playwright and Debian's chromium, as the tests use)."""

from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
# name -> (size in px, corner radius of the background, scale of the die)
ICONS = {"icon-192": (192, 96, 1.0), "icon-512": (512, 96, 1.0), "icon-maskable-192": (192, 0, 0.8),
         "icon-maskable-512": (512, 0, 0.8), "favicon": (32, 96, 1.1)}

with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    for name, (size, radius, scale) in ICONS.items():
        svg = (HERE / "icon.svg").read_text().replace("{RADIUS}", str(radius)).replace("{SCALE}", str(scale))
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(f'<body style="margin:0">{svg.replace("<svg ", f"<svg width={size} height={size} ")}</body>')
        page.screenshot(path=str(HERE / f"{name}.png"), omit_background=True)
        page.close()
    browser.close()
