"""Draw the app's PNG icons (icon-192.png, icon-512.png) with Pillow: the same picture as
icon.svg (a table top from above with three tokens), for browsers that want a bitmap.

    .venv/bin/python offline/draw_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent


def draw(size: int) -> Image.Image:
    """The icon at ``size`` pixels, drawn on the 512-unit grid of icon.svg."""
    k = size / 512
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)

    def box(x0: float, y0: float, x1: float, y1: float) -> list[float]:
        return [x0 * k, y0 * k, x1 * k, y1 * k]

    d.rounded_rectangle(box(0, 0, 512, 512), radius=96 * k, fill="#4e342e")
    d.ellipse(box(66, 120, 446, 420), fill="#a1887f")
    d.ellipse(box(66, 106, 446, 406), fill="#d7b98e")
    d.ellipse(box(148, 178, 232, 262), fill="#2f7d32")
    d.ellipse(box(278, 168, 362, 252), fill="#c62828")
    d.rounded_rectangle(box(222, 270, 298, 346), radius=10 * k, fill="#1565c0")
    return img


if __name__ == "__main__":
    for size in (192, 512):
        draw(size).save(HERE / f"icon-{size}.png", optimize=True)
