#!/usr/bin/env python3
"""gridlab's app icon, drawn from one list of shapes: as SVG, and as PNG through ImageMagick's
`convert -draw` (Debian's imagemagick has no SVG reader). A 3x3 board holding a Gomoku pair, Puyo
colours and a flagged Minesweeper cell.

    icon.py OUT_DIR [CONVERT]    writes OUT_DIR/icon.svg, icon-192.png and icon-512.png
"""
import subprocess
import sys
from pathlib import Path

SIZE = 512
CELL, GAP, MARGIN = 112, 24, 64


def cell_origin(row, col):
    return MARGIN + col * (CELL + GAP), MARGIN + row * (CELL + GAP)


def centre(row, col):
    x, y = cell_origin(row, col)
    return x + CELL // 2, y + CELL // 2


# (kind, fill, geometry, stroke or None); kinds: roundrect (x, y, w, h, r), circle (cx, cy, r), polygon [(x, y)...]
SHAPES = [("roundrect", "#13161c", (0, 0, SIZE, SIZE, 96), None)]
for r in range(3):
    for c in range(3):
        SHAPES.append(("roundrect", "#c8cdd8" if (r, c) == (2, 2) else "#2c3340", (*cell_origin(r, c), CELL, CELL, 20), None))
SHAPES += [
    ("circle", "#0b0c0f", (*centre(0, 0), 42), ("#e8eaef", 6)),  # a black stone
    ("circle", "#f2f2ee", (*centre(1, 1), 44), None),              # a white stone
    ("circle", "#e5484d", (*centre(0, 2), 44), None),              # two red puyos
    ("circle", "#e5484d", (*centre(1, 2), 44), None),
    ("circle", "#46a758", (*centre(2, 0), 44), None),
    ("circle", "#5b8def", (*centre(2, 1), 44), None),
]
fx, fy = cell_origin(2, 2)
SHAPES += [  # a flag on the revealed cell
    ("polygon", "#13161c", [(fx + 46, fy + 24), (fx + 56, fy + 24), (fx + 56, fy + 84), (fx + 46, fy + 84)], None),
    ("polygon", "#e5484d", [(fx + 56, fy + 24), (fx + 92, fy + 40), (fx + 56, fy + 56)], None),
    ("polygon", "#13161c", [(fx + 30, fy + 84), (fx + 82, fy + 84), (fx + 82, fy + 94), (fx + 30, fy + 94)], None),
]


def svg():
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">']
    for kind, fill, g, stroke in SHAPES:
        extra = f' stroke="{stroke[0]}" stroke-width="{stroke[1]}"' if stroke else ""
        if kind == "roundrect":
            out.append(f'<rect x="{g[0]}" y="{g[1]}" width="{g[2]}" height="{g[3]}" rx="{g[4]}" fill="{fill}"{extra}/>')
        elif kind == "circle":
            out.append(f'<circle cx="{g[0]}" cy="{g[1]}" r="{g[2]}" fill="{fill}"{extra}/>')
        else:
            out.append(f'<polygon points="{" ".join(f"{x},{y}" for x, y in g)}" fill="{fill}"{extra}/>')
    return "\n".join(out + ["</svg>", ""])


def draw_arguments():
    args = []
    for kind, fill, g, stroke in SHAPES:
        args += ["-fill", fill, "-stroke", stroke[0] if stroke else "none", "-strokewidth", str(stroke[1] if stroke else 0)]
        if kind == "roundrect":
            x, y, w, h, r = g
            args += ["-draw", f"roundrectangle {x},{y} {x + w - 1},{y + h - 1} {r},{r}"]
        elif kind == "circle":
            cx, cy, r = g
            args += ["-draw", f"circle {cx},{cy} {cx + r},{cy}"]
        else:
            args += ["-draw", "polygon " + " ".join(f"{x},{y}" for x, y in g)]
    return args


def main():
    out_dir = Path(sys.argv[1])
    convert = sys.argv[2] if len(sys.argv) > 2 else "convert"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "icon.svg").write_text(svg())
    big = out_dir / "icon-512.png"
    subprocess.run([convert, "-size", f"{SIZE}x{SIZE}", "xc:none", *draw_arguments(), f"PNG32:{big}"], check=True)
    subprocess.run([convert, str(big), "-resize", "192x192", f"PNG32:{out_dir / 'icon-192.png'}"], check=True)


if __name__ == "__main__":
    main()
