"""Draw the app's PNG icons (static/icon-*.png: the home screen's, the splash screen's, Apple's touch
icon) from static/icon.svg in Chromium, so that the PNGs are the SVG. Run it after changing the SVG:
``.venv/bin/python tools/make_icons.py``."""

from __future__ import annotations

from playwright.sync_api import sync_playwright

from mjscore.interfaces.web.app import STATIC

#: The PNG sizes phones ask for: Apple's touch icon (180), Android's home screen (192) and splash (512).
SIZES = (180, 192, 512)


def main() -> None:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--headless"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0">{svg.replace("<svg ", f"<svg width={size} height={size} ", 1)}</body>')
            page.screenshot(path=str(STATIC / f"icon-{size}.png"), omit_background=False)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
