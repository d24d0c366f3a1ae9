#!/usr/bin/env python3
"""Generate the demo pictures used by Moments Web.

Everything is drawn procedurally with Pillow (flat "illustrated photo" style),
with fixed random seeds so that re-running produces identical files.

Usage (from the repository root):

    python3 scripts/generate-demo-images.py            # writes Public/images/
    python3 scripts/generate-demo-images.py OUT_DIR    # writes OUT_DIR/

Output:
    avatars/00.png .. avatars/15.png         240x240 PNG   (00 = current user)
    backgrounds/00.jpg .. backgrounds/02.jpg 1200x600 JPEG
    photos/00.jpg .. photos/39.jpg           900x900 JPEG

Requires: Pillow (pip install Pillow).
"""

import math
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

SS = 2  # supersampling factor for photos/backgrounds (drawn at 2x, LANCZOS down)
AV_SS = 4  # supersampling factor for avatars

PHOTO_SIZE = (900, 900)
BG_SIZE = (1200, 600)
AVATAR_SIZE = 240

# --------------------------------------------------------------------------
# Colour helpers
# --------------------------------------------------------------------------


def hx(s):
    if isinstance(s, tuple):
        return s
    s = s.lstrip("#")
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))


def mix(a, b, t):
    a, b = hx(a), hx(b)
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def lighten(c, t):
    return mix(c, (255, 255, 255), t)


def darken(c, t):
    return mix(c, (0, 0, 0), t)


def rgba(c, a):
    c = hx(c)
    return (c[0], c[1], c[2], int(round(255 * a)))


def ramp(stops, t):
    stops = [(p, hx(c)) for p, c in stops]
    if t <= stops[0][0]:
        return stops[0][1]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if t <= p1:
            u = (t - p0) / (p1 - p0) if p1 > p0 else 0.0
            return mix(c0, c1, u)
    return stops[-1][1]


def vgrad(w, h, stops, y0=0, y1=None):
    """Vertical gradient; stops positions are relative to [y0, y1]."""
    if y1 is None:
        y1 = h
    col = Image.new("RGB", (1, h))
    span = max(1.0, float(y1 - y0))
    col.putdata([ramp(stops, (y - y0) / span) for y in range(h)])
    return col.resize((w, h), Image.NEAREST)


def hgrad(w, h, stops):
    row = Image.new("RGB", (w, 1))
    row.putdata([ramp(stops, x / max(1, w - 1)) for x in range(w)])
    return row.resize((w, h), Image.NEAREST)


def diag_grad(w, h, c1, c2, c3=None):
    """Smooth diagonal gradient (top-left c1 -> bottom-right c2)."""
    n = 64
    small = Image.new("RGB", (n, n))
    data = []
    for y in range(n):
        for x in range(n):
            t = (x + y) / (2.0 * (n - 1))
            if c3 is None:
                data.append(mix(c1, c2, t))
            else:
                data.append(ramp([(0, c1), (0.5, c3), (1, c2)], t))
    small.putdata(data)
    return small.resize((w, h), Image.BICUBIC)


_FALLOFF = {}


def falloff(power):
    """256x256 'L' radial mask: 255 at the centre falling to 0 at the rim."""
    if power not in _FALLOFF:
        m = Image.new("L", (256, 256))
        data = []
        for y in range(256):
            for x in range(256):
                d = math.hypot(x - 127.5, y - 127.5) / 128.0
                v = max(0.0, 1.0 - d) ** power
                data.append(int(255 * v))
        m.putdata(data)
        _FALLOFF[power] = m
    return _FALLOFF[power]


def scale_mask(m, a):
    if a >= 0.999:
        return m
    return m.point(lambda v: int(v * a))


def glow(img, cx, cy, r, color, alpha=1.0, power=2.0, sy=1.0):
    r = max(2, int(r))
    m = falloff(power).resize((2 * r, max(2, int(2 * r * sy))), Image.BICUBIC)
    m = scale_mask(m, alpha)
    img.paste(hx(color), (int(cx - r), int(cy - r * sy)), m)


def paste_color(img, mask, color, alpha=1.0):
    img.paste(hx(color), (0, 0), scale_mask(mask, alpha))


def new_mask(size):
    return Image.new("L", size, 0)


def poly_mask(size, pts):
    m = new_mask(size)
    ImageDraw.Draw(m).polygon(pts, fill=255)
    return m


def vfog(img, y0, y1, color, a0, a1, below=None):
    """Blend a colour with alpha going from a0 at y0 to a1 at y1 (clamped)."""
    w, h = img.size
    col = Image.new("L", (1, h))
    data = []
    for y in range(h):
        if y1 == y0:
            t = 1.0 if y >= y1 else 0.0
        else:
            t = min(1.0, max(0.0, (y - y0) / float(y1 - y0)))
        a = a0 + (a1 - a0) * t
        if below is not None and y > below:
            a = 0
        data.append(int(255 * max(0.0, min(1.0, a))))
    col.putdata(data)
    img.paste(hx(color), (0, 0), col.resize((w, h), Image.NEAREST))


_NOISE = {}


def add_grain(img, sigma, seed=0):
    """Add fine monochrome film grain (also dithers gradients against banding).

    Uses a tile generated from a seeded RNG so results are reproducible.
    """
    if sigma <= 0:
        return img
    T = 256
    if sigma not in _NOISE:
        r = random.Random(1234)
        tile = Image.new("L", (T, T))
        tile.putdata([max(0, min(255, int(round(128 + r.gauss(0, sigma))))) for _ in range(T * T)])
        _NOISE[sigma] = tile
    tile = _NOISE[sigma]
    w, h = img.size
    n = Image.new("L", (w + T, h + T))
    for y in range(0, h + T, T):
        for x in range(0, w + T, T):
            n.paste(tile, (x, y))
    ox, oy = (seed * 37) % T, (seed * 91) % T
    n = n.crop((ox, oy, ox + w, oy + h)).convert("RGB")
    return ImageChops.add(img, n, 1.0, -128)


def shadow(img, draw_fn, blur, color=(0, 0, 0), alpha=0.35, offset=(0, 0)):
    """Draw a soft shadow: draw_fn(ImageDraw of an L mask)."""
    m = new_mask(img.size)
    draw_fn(ImageDraw.Draw(m))
    if offset != (0, 0):
        m = ImageChops.offset(m, int(offset[0]), int(offset[1]))
    m = m.filter(ImageFilter.GaussianBlur(blur))
    paste_color(img, m, color, alpha)


# --------------------------------------------------------------------------
# Geometry helpers
# --------------------------------------------------------------------------


def ridge(rng, w, y0, amp, rough=0.55, levels=9, x0=0.0):
    """Midpoint-displacement mountain ridge; returns [(x, y)] spanning [x0, w]."""
    n = 2 ** levels
    pts = [0.0] * (n + 1)
    pts[0] = rng.uniform(-1, 1)
    pts[n] = rng.uniform(-1, 1)
    step, scale = n, 1.0
    while step > 1:
        half = step // 2
        for i in range(half, n, step):
            pts[i] = (pts[i - half] + pts[i + half]) / 2 + rng.uniform(-1, 1) * scale
        scale *= rough
        step = half
    mn, mx = min(pts), max(pts)
    rngv = (mx - mn) or 1.0
    return [(x0 + (w - x0) * i / n, y0 - amp * ((p - mn) / rngv * 2 - 1)) for i, p in enumerate(pts)]


def hills(rng, w, y0, amp, waves=3, npts=240, x0=0.0):
    comps = []
    for k in range(waves):
        f = rng.uniform(0.6, 1.6) * (k + 1) * math.pi / w
        comps.append((f, rng.uniform(0, math.tau), 1.0 / (k + 1)))
    tot = sum(c[2] for c in comps)
    out = []
    for i in range(npts + 1):
        x = x0 + (w - x0) * i / npts
        v = sum(a * math.sin(f * x + p) for f, p, a in comps) / tot
        out.append((x, y0 - amp * v))
    return out


def close_bottom(pts, w, h):
    return list(pts) + [(w + 10, h + 10), (-10, h + 10)]


def bez(p0, p1, p2, n=40):
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def bez3(p0, p1, p2, p3, n=50):
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def tapered(path, w0, w1, profile=None):
    """Polygon around a polyline with width going from w0 to w1."""
    left, right = [], []
    n = len(path)
    for i, (x, y) in enumerate(path):
        if i == 0:
            dx, dy = path[1][0] - x, path[1][1] - y
        elif i == n - 1:
            dx, dy = x - path[i - 1][0], y - path[i - 1][1]
        else:
            dx, dy = path[i + 1][0] - path[i - 1][0], path[i + 1][1] - path[i - 1][1]
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        t = i / (n - 1)
        wv = profile(t) if profile else w0 + (w1 - w0) * t
        left.append((x + nx * wv / 2, y + ny * wv / 2))
        right.append((x - nx * wv / 2, y - ny * wv / 2))
    return left + right[::-1]


def leaf_pts(x, y, length, width, ang, n=28, bend=0.0):
    pts_r, pts_l = [], []
    ca, sa = math.cos(ang), math.sin(ang)
    for i in range(n + 1):
        t = i / n
        u = t * length
        hw = width * 0.5 * (math.sin(math.pi * t) ** 0.85)
        off = bend * length * t * t
        for side, lst in ((1, pts_r), (-1, pts_l)):
            v = side * hw + off
            lst.append((x + u * ca - v * sa, y + u * sa + v * ca))
    return pts_r + pts_l[::-1]


def ellipse_pts(cx, cy, rx, ry, a0=0.0, a1=math.tau, n=60):
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
            for i in range(n + 1)]


def circle(d, cx, cy, r, **kw):
    d.ellipse([cx - r, cy - r, cx + r, cy + r], **kw)


# --------------------------------------------------------------------------
# Scene elements
# --------------------------------------------------------------------------


def sky(w, h, stops):
    return vgrad(w, h, stops)


def sun(img, cx, cy, r, color, glow_color=None, glow_r=4.0, glow_a=0.55):
    glow(img, cx, cy, r * glow_r, glow_color or color, glow_a, power=2.2)
    glow(img, cx, cy, r * 1.7, color, 0.6, power=1.5)
    d = ImageDraw.Draw(img)
    circle(d, cx, cy, r, fill=hx(color))


def stars(img, rng, n, y_max, sizes=(0.7, 2.4), color=(255, 255, 255), bright=None, x_range=None):
    w, h = img.size
    d = ImageDraw.Draw(img, "RGBA")
    for _ in range(n):
        x = rng.uniform(0, w) if x_range is None else rng.uniform(*x_range)
        y = rng.uniform(0, y_max) ** 1.0
        y = y_max * (rng.random() ** 1.4)
        r = sizes[0] + (sizes[1] - sizes[0]) * rng.random() ** 3
        a = rng.uniform(0.35, 1.0) * (1 - 0.5 * y / y_max)
        circle(d, x, y, r * SS, fill=rgba(color, a))
    for _ in range(bright or n // 60):
        x, y = rng.uniform(0, w), y_max * (rng.random() ** 1.3)
        glow(img, x, y, 14 * SS, color, 0.5, power=3)
        d.line([x - 9 * SS, y, x + 9 * SS, y], fill=rgba(color, 0.5), width=1)
        d.line([x, y - 9 * SS, x, y + 9 * SS], fill=rgba(color, 0.5), width=1)
        circle(d, x, y, 1.8 * SS, fill=rgba(color, 1))


def moon(img, cx, cy, r, color="#fbf3dc", glow_color=None, crescent=False, bg=None):
    glow(img, cx, cy, r * 5, glow_color or color, 0.35, power=2.5)
    d = ImageDraw.Draw(img, "RGBA")
    circle(d, cx, cy, r, fill=hx(color))
    if crescent and bg is not None:
        circle(d, cx + r * 0.45, cy - r * 0.2, r * 0.95, fill=hx(bg))
    else:
        rr = random.Random(7)
        shade = rgba(darken(color, 0.12), 0.55)
        for _ in range(7):
            a, dist = rr.uniform(0, math.tau), rr.uniform(0, 0.65) * r
            circle(d, cx + math.cos(a) * dist, cy + math.sin(a) * dist, r * rr.uniform(0.07, 0.2), fill=shade)


def pine(d, x, yb, hgt, col, tiers=5, width=0.42, trunk=None):
    top = yb - hgt
    w = hgt * width
    body_h = hgt * 0.88
    right, left = [(x, top)], []
    for j in range(1, tiers + 1):
        yj = top + body_h * j / tiers
        wj = w / 2 * (j / tiers) ** 0.8
        right.append((x + wj, yj))
        if j < tiers:
            right.append((x + wj * 0.45, yj - body_h / tiers * 0.12))
    for (px, py) in right[1:][::-1]:
        left.append((2 * x - px, py))
    if trunk:
        tw = max(2, w * 0.07)
        d.rectangle([x - tw, top + body_h - 2, x + tw, yb], fill=trunk)
    d.polygon(right + left, fill=col)


def round_tree(d, x, yb, hgt, col, trunk, hl=None, rng=None):
    r = hgt * 0.32
    cy = yb - hgt + r
    tw = max(2, hgt * 0.035)
    d.rectangle([x - tw, cy, x + tw, yb], fill=trunk)
    d.ellipse([x - r * 0.95, cy - r, x + r * 0.95, cy + r * 1.05], fill=col)
    if hl:
        d.ellipse([x - r * 0.62, cy - r * 0.78, x + r * 0.12, cy - r * 0.08], fill=hl)


def birds(d, rng, n, x0, y0, spread, size, col):
    for _ in range(n):
        x = x0 + rng.uniform(-spread, spread)
        y = y0 + rng.uniform(-spread * 0.4, spread * 0.4)
        s = size * rng.uniform(0.6, 1.2)
        left = bez((x - s, y - s * 0.3), (x - s * 0.5, y - s * 0.6), (x, y), 10)
        right = bez((x, y), (x + s * 0.5, y - s * 0.6), (x + s, y - s * 0.3), 10)
        d.line(left + right[1:], fill=col, width=max(2, int(s * 0.18)), joint="curve")


def reflect(img, hz, water_color, tint=0.35, blur=3, ripples=None, rng=None):
    w, h = img.size
    hz = int(hz)
    part = img.crop((0, max(0, 2 * hz - h), w, hz)).transpose(Image.FLIP_TOP_BOTTOM)
    part = part.filter(ImageFilter.GaussianBlur(blur))
    part = Image.blend(part, Image.new("RGB", part.size, hx(water_color)), tint)
    img.paste(part, (0, hz))
    if ripples and rng:
        d = ImageDraw.Draw(img, "RGBA")
        for _ in range(ripples):
            y = hz + (h - hz) * rng.random() ** 1.6
            t = (y - hz) / max(1, h - hz)
            ln = rng.uniform(20, 140) * SS * (0.4 + t)
            x = rng.uniform(-ln, w)
            light = rng.random() < 0.5
            col = (255, 255, 255, int(40 + 30 * t)) if light else (0, 0, 0, int(25 + 20 * t))
            d.line([x, y, x + ln, y], fill=col, width=max(1, int(SS * (1 + 1.5 * t))))


# --------------------------------------------------------------------------
# Landscape scenes
# --------------------------------------------------------------------------

MOUNTAIN_PAL = {
    "sunset": dict(sky=[(0, "#262a5e"), (0.32, "#6b3c7c"), (0.55, "#d4637a"), (0.72, "#f59a6e"), (0.86, "#fcd29b")],
                   sun="#fff3d6", sun_glow="#ffd79a", sun_pos=(0.68, 0.50), far="#cf7c8c", near="#22172f",
                   fog="#f7b087", snow=None, birds="#3b2340"),
    "dawn": dict(sky=[(0, "#6f95d9"), (0.45, "#b9a9e0"), (0.7, "#f2bfd0"), (0.85, "#ffe0c9")],
                 sun="#fff8ea", sun_glow="#ffe3d0", sun_pos=(0.3, 0.56), far="#a596cf", near="#2b2a57",
                 fog="#f5d3dc", snow=None, birds=None),
    "day": dict(sky=[(0, "#3f7fc2"), (0.5, "#88c0e6"), (0.8, "#d6eef6")], sun=None, far="#8eaed0",
                near="#2d5a4a", fog="#e2f1f7", snow="#f4f8fc", birds=None, meadow=True),
    "mist": dict(sky=[(0, "#b8cfc8"), (0.7, "#e9efe4"), (1, "#f4f2e6")], sun="#fffbee", sun_glow="#ffffff",
                 sun_pos=(0.5, 0.34), far="#a3bdb3", near="#17332d", fog="#eef1e6", snow=None, birds="#2f4a44",
                 pines=True),
}


def snow_caps(img, pts, snowline, color, rng, shade):
    d = ImageDraw.Draw(img, "RGBA")
    top, bot = [], []
    jit = 0.0
    for (x, y) in pts:
        jit = max(-14 * SS, min(14 * SS, jit + rng.uniform(-3, 3) * SS))
        b = snowline + jit
        top.append((x, y))
        # snow sits deeper below sharp peaks, thinner on shallow ridges
        bot.append((x, max(y, b)))
    d.polygon(top + bot[::-1], fill=hx(color))


def scene_mountains(w, h, rng, v):
    p = MOUNTAIN_PAL[v]
    img = sky(w, h, p["sky"])
    if p.get("sun"):
        sx, sy = p["sun_pos"]
        sun(img, w * sx, h * sy, min(w, h) * 0.07, p["sun"], p["sun_glow"], glow_r=6, glow_a=0.6)
    if p.get("birds"):
        birds(ImageDraw.Draw(img), rng, 5, w * 0.3, h * 0.25, w * 0.08, 9 * SS, p["birds"])
    n = 5
    for i in range(n):
        t = i / (n - 1)
        col = mix(p["far"], p["near"], t ** 0.85)
        base = h * (0.5 + 0.095 * i)
        amp = h * (0.14 - 0.018 * i)
        pts = ridge(rng, w, base, amp, rough=0.56 if i < 3 else 0.45)
        m = poly_mask((w, h), close_bottom(pts, w, h))
        top = base - amp
        fill = vgrad(w, h, [(0, lighten(col, 0.10)), (1, darken(col, 0.08))], int(top), int(base + amp * 1.5))
        img.paste(fill, (0, 0), m)
        if p.get("snow") and i <= 1:
            snow_caps(img, pts, top + amp * (0.35 + 0.25 * i), mix(p["snow"], col, 0.15 * i), rng, p["far"])
        if p.get("pines") and i >= 2:
            d = ImageDraw.Draw(img)
            for _ in range(30 + 20 * i):
                x = rng.uniform(0, w)
                yy = min(pts, key=lambda q: abs(q[0] - x))[1]
                pine(d, x, yy + 6 * SS, rng.uniform(30, 60) * SS * (1 + i * 0.4), col)
        if i < n - 1:
            vfog(img, top + amp * 0.7, base + h * 0.1, p["fog"], 0.0, 0.55 - 0.08 * i, below=None)
    if p.get("meadow"):
        d = ImageDraw.Draw(img)
        pts = hills(rng, w, h * 0.9, h * 0.03)
        m = poly_mask((w, h), close_bottom(pts, w, h))
        img.paste(vgrad(w, h, [(0, "#5f9c5a"), (1, "#2f6a3c")], int(h * 0.86), h), (0, 0), m)
        for _ in range(12):
            x = rng.choice([rng.uniform(0, w * 0.3), rng.uniform(w * 0.7, w)])
            yy = min(pts, key=lambda q: abs(q[0] - x))[1]
            pine(d, x, yy + 10 * SS, rng.uniform(90, 170) * SS, "#1f4a38", trunk="#3a2a22")
    return img


def scene_lake(w, h, rng, v):
    hz = h * 0.58
    if v == "alpine":
        stops = [(0, "#3a78bd"), (0.45, "#94c6e8"), (0.58, "#e4f3f7")]
        far, near, fog, water = "#93afd0", "#284a3e", "#e8f4f7", "#2b7f8f"
        img = sky(w, h, stops)
        for cx, cy, s in ((0.25, 0.14, 1.0), (0.7, 0.22, 0.7)):
            cloud(img, w * cx, h * cy, w * 0.12 * s, (255, 255, 255), 0.9)
        snow = True
    elif v == "sunset":
        stops = [(0, "#2e3270"), (0.3, "#8a4c8f"), (0.5, "#f08a7a"), (0.58, "#ffd49a")]
        far, near, fog, water = "#b9708a", "#2a1c35", "#f6a98a", "#6a4a78"
        img = sky(w, h, stops)
        sun(img, w * 0.42, hz - h * 0.05, w * 0.06, "#fff0d0", "#ffc58c", glow_r=6, glow_a=0.6)
        snow = False
    else:  # moon
        stops = [(0, "#070b22"), (0.35, "#17224f"), (0.58, "#3b4d86")]
        far, near, fog, water = "#3b4a80", "#070a1c", "#4f5f98", "#141c40"
        img = sky(w, h, stops)
        stars(img, rng, 500, hz * 0.9)
        moon(img, w * 0.7, h * 0.3, w * 0.05, glow_color="#b8c8ff")
        snow = False
    for i in range(3):
        t = i / 2
        col = mix(far, near, t * 0.8)
        base = hz - h * (0.1 - 0.035 * i)
        amp = h * (0.12 - 0.03 * i)
        pts = ridge(rng, w, base, amp, rough=0.55)
        pts = [(x, min(y, hz)) for x, y in pts]
        m = poly_mask((w, h), close_bottom(pts, w, hz))
        img.paste(vgrad(w, h, [(0, lighten(col, 0.08)), (1, darken(col, 0.1))], int(base - amp), int(hz)), (0, 0), m)
        if snow and i == 0:
            snow_caps(img, pts, base - amp * 0.4, "#f6fafc", rng, far)
        vfog(img, base - amp * 0.2, hz, fog, 0.0, 0.45, below=hz)
    d = ImageDraw.Draw(img)
    # far tree line
    tl = darken(near, 0.15)
    for _ in range(int(w / (6 * SS))):
        x = rng.uniform(0, w)
        pine(d, x, hz + 2, rng.uniform(14, 34) * SS, tl)
    d.rectangle([0, hz - 2 * SS, w, hz + 2], fill=tl)
    reflect(img, hz, water, tint=0.3, blur=2 * SS, ripples=260, rng=rng)
    # soft sparkle under the sun / moon
    if v == "sunset":
        dd = ImageDraw.Draw(img, "RGBA")
        for _ in range(70):
            y = hz + (h - hz) * rng.random() ** 2 * 0.7
            x = w * 0.42 + rng.gauss(0, w * 0.03 * (1 + (y - hz) / h * 4))
            ln = rng.uniform(10, 40) * SS
            dd.line([x - ln, y, x + ln, y], fill=(255, 226, 180, 120), width=SS)
    # foreground
    if v == "alpine":
        pts = hills(rng, w, h * 0.93, h * 0.04)
        img.paste(vgrad(w, h, [(0, "#6b8f4e"), (1, "#3d5e34")], int(h * 0.88), h), (0, 0),
                  poly_mask((w, h), close_bottom([(x, y + (x / w) * h * 0.06) for x, y in pts], w, h)))
        for k in range(3):
            pine(d, w * (0.04 + 0.07 * k), h * 0.99, h * (0.46 - 0.08 * k), "#1c3d31", tiers=7, trunk="#2c221c")
    elif v == "sunset":
        # wooden pier
        dd = ImageDraw.Draw(img)
        pc = "#2a1c2c"
        top_y, bot_y = h * 0.78, h * 1.01
        dd.polygon([(w * 0.46, top_y), (w * 0.54, top_y), (w * 0.78, bot_y), (w * 0.22, bot_y)], fill=pc)
        for k in range(6):
            yy = top_y + (bot_y - top_y) * (k / 5) ** 1.3
            xl = w * 0.46 + (w * 0.22 - w * 0.46) * (yy - top_y) / (bot_y - top_y)
            xr = w - xl
            dd.rectangle([xl - 4 * SS, yy - 2, xl + 2 * SS, yy + 40 * SS * (0.3 + k / 5)], fill=pc)
            dd.rectangle([xr - 2 * SS, yy - 2, xr + 4 * SS, yy + 40 * SS * (0.3 + k / 5)], fill=pc)
    else:
        pts = hills(rng, w, h * 0.95, h * 0.03)
        img.paste(hx("#05081a"), (0, 0), poly_mask((w, h), close_bottom(pts, w, h)))
        for k, (x, s) in enumerate(((0.9, 0.5), (0.97, 0.38), (0.08, 0.33))):
            pine(d, w * x, h * 0.98, h * s, "#05081a", tiers=7)
    return img


def cloud(img, cx, cy, size, color, alpha=0.9, rng=None):
    layer = Image.new("L", img.size, 0)
    d = ImageDraw.Draw(layer)
    rr = rng or random.Random(int(cx * 7 + cy * 13))
    d.rounded_rectangle([cx - size, cy - size * 0.12, cx + size, cy + size * 0.2], radius=size * 0.16, fill=255)
    for _ in range(5):
        bx = cx + rr.uniform(-0.6, 0.6) * size
        br = size * rr.uniform(0.22, 0.38)
        circle(d, bx, cy - br * 0.3, br, fill=255)
    layer = layer.filter(ImageFilter.GaussianBlur(size * 0.02))
    d2 = Image.new("L", img.size, 0)
    ImageDraw.Draw(d2).rectangle([0, 0, img.size[0], cy + size * 0.2], fill=255)
    layer = ImageChops.multiply(layer, d2)
    paste_color(img, layer, color, alpha)


def palm(img, bx, by, tx, ty, col, scale):
    d = ImageDraw.Draw(img)
    trunk = bez((bx, by), ((bx + tx) / 2 + scale * 0.15, (by + ty) / 2), (tx, ty), 60)
    d.polygon(tapered(trunk, scale * 0.07, scale * 0.04), fill=col)
    for k in range(len(trunk) // 4):
        x, y = trunk[k * 4]
        wv = scale * (0.07 - 0.03 * k * 4 / 60)
        d.line([x - wv * 0.55, y, x + wv * 0.55, y - scale * 0.01], fill=lighten(col, 0.08), width=max(1, int(scale * 0.006)))
    for ang, ln in ((-170, 0.55), (-140, 0.6), (-105, 0.45), (-70, 0.5), (-35, 0.62), (-5, 0.55),
                    (160, 0.4), (25, 0.42), (-120, 0.35)):
        a = math.radians(ang)
        L = scale * ln
        ex, ey = tx + math.cos(a) * L, ty + math.sin(a) * L * 0.55 + L * 0.35
        cx_, cy_ = tx + math.cos(a) * L * 0.5, ty + math.sin(a) * L * 0.5 - L * 0.1
        path = bez((tx, ty), (cx_, cy_), (ex, ey), 30)
        d.polygon(tapered(path, 0, 0, profile=lambda t: scale * 0.09 * math.sin(math.pi * min(1, t * 1.05)) ** 0.7), fill=col)
        # fringe
        for j in range(4, 29, 3):
            x0, y0 = path[j]
            x1, y1 = path[j + 1]
            dx, dy = x1 - x0, y1 - y0
            ln2 = math.hypot(dx, dy) or 1
            nx, ny = -dy / ln2, dx / ln2
            f = scale * 0.07 * math.sin(math.pi * j / 30)
            for s in (1, -1):
                d.line([x0, y0, x0 + nx * f * s + dx / ln2 * f * 0.6, y0 + ny * f * s + dy / ln2 * f * 0.6 + f * 0.4],
                       fill=col, width=max(2, int(scale * 0.012)))


def scene_beach(w, h, rng, v):
    if v == "sunset":
        hz = h * 0.6
        img = sky(w, h, [(0, "#3a2f6b"), (0.3, "#9b4f8e"), (0.5, "#ef7c72"), (0.6, "#ffc98a")])
        sunx = w * 0.55
        sun(img, sunx, hz - h * 0.07, w * 0.075, "#fff2cc", "#ffb87a", glow_r=5, glow_a=0.65)
        sea = vgrad(w, h, [(0, "#e98d7e"), (0.3, "#9b5a8a"), (1, "#3d2c62")], int(hz), int(h * 0.85))
        sand = ("#3a2540", "#2a1a30")
        foam = (255, 210, 190)
    elif v == "day":
        hz = h * 0.45
        img = sky(w, h, [(0, "#3c9ad6"), (0.3, "#8fd0f0"), (0.45, "#e4f6fb")])
        for cx, cy, s in ((0.2, 0.12, 0.9), (0.78, 0.2, 0.7), (0.5, 0.33, 0.5)):
            cloud(img, w * cx, h * cy, w * 0.1 * s, (255, 255, 255), 0.95)
        sunx = w * 0.85
        sea = vgrad(w, h, [(0, "#1b7fb0"), (0.4, "#27b3c4"), (1, "#7fe0d6")], int(hz), int(h * 0.7))
        sand = ("#f3dcb2", "#e6c48f")
        foam = (255, 255, 255)
    else:  # pastel
        hz = h * 0.52
        img = sky(w, h, [(0, "#a9c6ea"), (0.3, "#d9d3ef"), (0.52, "#fde1d6")])
        sunx = w * 0.3
        sun(img, sunx, hz - h * 0.12, w * 0.05, "#fffaf0", "#ffe9de", glow_r=6, glow_a=0.5)
        sea = vgrad(w, h, [(0, "#b7c9ea"), (1, "#7d9fd0")], int(hz), int(h * 0.8))
        sand = ("#f4d9c6", "#e7c0a9")
        foam = (255, 255, 255)
    d = ImageDraw.Draw(img, "RGBA")
    img.paste(sea.crop((0, int(hz), w, h)), (0, int(hz)))
    if v == "pastel":
        # cliffs on the right
        pts = [(w * 0.62, hz + 4)]
        pts += [(w * 0.62 + (w * 0.4) * i / 20, hz - h * 0.22 * math.sin(math.pi / 2 * min(1, i / 6)) +
                 rng.uniform(-6, 6) * SS) for i in range(21)]
        pts += [(w + 10, h * 0.7), (w * 0.8, h * 0.7)]
        img.paste(vgrad(w, h, [(0, "#c99a9a"), (1, "#8f6b85")], int(hz - h * 0.22), int(h * 0.7)), (0, 0),
                  poly_mask((w, h), pts))
        d.polygon([(w * 0.7, hz - h * 0.02), (w * 0.74, hz - h * 0.11), (w * 0.78, hz - h * 0.05), (w * 0.8, hz)],
                  fill=rgba("#a98096", 0.7))
        # sea stacks
        d.polygon([(w * 0.5, hz + h * 0.02), (w * 0.52, hz - h * 0.06), (w * 0.545, hz - h * 0.065), (w * 0.565, hz + h * 0.02)],
                  fill=hx("#9c7891"))
    # sun glitter
    for _ in range(140 if v != "day" else 60):
        y = hz + (h * 0.82 - hz) * rng.random() ** 1.5
        spread = w * (0.02 + 0.12 * (y - hz) / h)
        x = sunx + rng.gauss(0, spread)
        ln = rng.uniform(6, 30) * SS * (1 + 2 * (y - hz) / h)
        d.line([x - ln, y, x + ln, y], fill=(255, 240, 210, rng.randint(70, 170)), width=SS)
    # waves lines
    for _ in range(90):
        y = hz + (h * 0.85 - hz) * rng.random() ** 1.3
        x = rng.uniform(0, w)
        ln = rng.uniform(15, 60) * SS * (0.5 + (y - hz) / h * 2)
        d.line([x, y, x + ln, y], fill=(255, 255, 255, 45), width=SS)
    # sand with foam edge
    shore = hills(rng, w, h * 0.8, h * 0.03, waves=2)
    shore = [(x, y + (x / w - 0.5) * h * 0.06) for x, y in shore]
    wet = [(x, y - h * 0.018) for x, y in shore]
    d.polygon(close_bottom(wet, w, h), fill=rgba(foam, 0.85))
    d.polygon(close_bottom([(x, y - h * 0.008) for x, y in shore], w, h), fill=rgba(darken(sand[0], 0.08), 1))
    img.paste(vgrad(w, h, [(0, sand[0]), (1, sand[1])], int(h * 0.78), h), (0, 0),
              poly_mask((w, h), close_bottom([(x, y + h * 0.012) for x, y in shore], w, h)))
    d = ImageDraw.Draw(img, "RGBA")
    if v == "sunset":
        palm(img, w * 0.12, h * 1.02, w * 0.2, h * 0.38, hx("#22152a"), w * 0.5)
        palm(img, w * 0.95, h * 1.02, w * 0.86, h * 0.5, hx("#22152a"), w * 0.38)
    elif v == "day":
        # beach umbrella + towel
        ux, uy = w * 0.32, h * 0.7
        shadow(img, lambda dd: dd.ellipse([ux - w * 0.16, h * 0.9, ux + w * 0.1, h * 0.96]), 10 * SS, alpha=0.18)
        d.line([ux, uy, ux + w * 0.02, h * 0.93], fill=hx("#f7f2e8"), width=5 * SS)
        cols = ["#ef5b5b", "#fff7ea"]
        R = w * 0.15
        for k in range(8):
            d.pieslice([ux - R, uy - R * 0.55, ux + R, uy + R * 0.55], 180 + k * 22.5, 180 + (k + 1) * 22.5,
                       fill=hx(cols[k % 2]))
        d.polygon([(w * 0.5, h * 0.9), (w * 0.68, h * 0.88), (w * 0.73, h * 0.97), (w * 0.54, h * 0.99)], fill=hx("#ffc94d"))
        d.polygon([(w * 0.53, h * 0.9), (w * 0.56, h * 0.897), (w * 0.6, h * 0.983), (w * 0.57, h * 0.986)],
                  fill=hx("#3fa7c9"))
        circle(d, w * 0.82, h * 0.92, w * 0.025, fill=hx("#fdfdfd"))
        d.chord([w * 0.795, h * 0.895, w * 0.845, h * 0.945], 200, 340, fill=hx("#ef5b5b"))
        d.chord([w * 0.795, h * 0.895, w * 0.845, h * 0.945], 20, 160, fill=hx("#3fa7c9"))
    else:
        # sailboat
        bx, by = w * 0.22, hz + h * 0.05
        d.polygon([(bx - w * 0.04, by), (bx + w * 0.04, by), (bx + w * 0.03, by + h * 0.012), (bx - w * 0.03, by + h * 0.012)],
                  fill=hx("#6d5f8f"))
        d.polygon([(bx, by - h * 0.11), (bx, by - 2), (bx + w * 0.035, by - 2)], fill=hx("#fffaf4"))
        d.polygon([(bx - 2, by - h * 0.09), (bx - 2, by - 2), (bx - w * 0.025, by - 2)], fill=hx("#f7e3da"))
        birds(ImageDraw.Draw(img), rng, 4, w * 0.45, h * 0.2, w * 0.07, 8 * SS, hx("#7a7498"))
    return img


def scene_desert(w, h, rng, v):
    if v == "dunes":
        img = sky(w, h, [(0, "#f2a65a"), (0.35, "#f7c97f"), (0.6, "#fde7c0")])
        sun(img, w * 0.65, h * 0.3, w * 0.09, "#fff6e4", "#ffe3b0", glow_r=4, glow_a=0.6)
        pal = [("#eab07a", "#d99562"), ("#e39a5f", "#c77945"), ("#d8844a", "#b0603a"), ("#c2683a", "#8f4528")]
    elif v == "night":
        img = sky(w, h, [(0, "#0d1030"), (0.4, "#283066"), (0.62, "#6b5a8e"), (0.72, "#b58aa0")])
        stars(img, rng, 600, h * 0.6)
        moon(img, w * 0.25, h * 0.2, w * 0.045, glow_color="#e8d8ff", crescent=True, bg=ramp([(0, "#0d1030"), (0.4, "#283066")], 0.2 / 1))
        pal = [("#8a6b8e", "#6a4f76"), ("#6e5078", "#4f3860"), ("#513a5e", "#372548"), ("#3a2846", "#241630")]
    else:  # mesa
        img = sky(w, h, [(0, "#4f8ccf"), (0.4, "#9cc8e6"), (0.62, "#f9e2c2")])
        cloud(img, w * 0.3, h * 0.16, w * 0.1, (255, 255, 255), 0.85)
        pal = [("#e0936a", "#c4704c"), ("#d47a4d", "#b45c36"), ("#c8683f", "#9b4a2c"), ("#b9553a", "#7e3724")]
        d = ImageDraw.Draw(img)
        for cx, top, wd, hh, col in ((0.25, 0.42, 0.16, 0.16, "#c9764f"), (0.62, 0.36, 0.1, 0.22, "#bd6843"),
                                     (0.8, 0.45, 0.22, 0.12, "#d0845d")):
            x0, x1 = w * (cx - wd / 2), w * (cx + wd / 2)
            y0, y1 = h * top, h * (top + hh)
            pts = [(x0 - w * 0.05, y1), (x0 - w * 0.01, y0 + (y1 - y0) * 0.5), (x0, y0 + h * 0.01),
                   (x0 + w * 0.01, y0), (x1 - w * 0.01, y0), (x1, y0 + h * 0.01), (x1 + w * 0.012, y0 + (y1 - y0) * 0.55),
                   (x1 + w * 0.05, y1)]
            m = poly_mask((w, h), pts)
            img.paste(hgrad(w, h, [(0, lighten(col, 0.12)), (cx, col), (1, darken(col, 0.25))]), (0, 0), m)
            for k in range(3):
                yy = y0 + (y1 - y0) * (0.3 + 0.22 * k)
                d.line([x0 + k * 3, yy, x1 - k * 3, yy], fill=darken(col, 0.12), width=SS * 2)
    for i, (c0, c1) in enumerate(pal):
        base = h * (0.6 + 0.11 * i)
        amp = h * (0.05 + 0.01 * i)
        pts = hills(rng, w, base, amp, waves=2)
        m = poly_mask((w, h), close_bottom(pts, w, h))
        img.paste(vgrad(w, h, [(0, c0), (1, c1)], int(base - amp), int(base + h * 0.15)), (0, 0), m)
        # soft shadow on the lee side of each dune crest (one polygon -> no seams)
        low = []
        for k, (x, y) in enumerate(pts):
            k0, k1 = max(0, k - 1), min(len(pts) - 1, k + 1)
            slope = (pts[k1][1] - pts[k0][1]) / max(1e-6, pts[k1][0] - pts[k0][0])
            low.append((x, y + h * 0.08 * max(0.0, min(1.0, slope * 6))))
        sm = poly_mask((w, h), pts + low[::-1])
        sm = ImageChops.multiply(sm.filter(ImageFilter.GaussianBlur(4 * SS)), m)
        paste_color(img, sm, darken(c1, 0.25), 0.22)
    d = ImageDraw.Draw(img)
    if v != "night":
        cc = "#3f6b3c" if v == "dunes" else "#4d6e3a"
    else:
        cc = "#1b1226"
    def cactus(x, yb, s):
        tw = s * 0.08
        c = hx(cc)
        d.rounded_rectangle([x - tw, yb - s, x + tw, yb], radius=tw, fill=c)
        # left arm: elbow path as a thick rounded line
        aw = tw * 1.3
        d.line([(x, yb - s * 0.36), (x - tw * 2.4, yb - s * 0.36), (x - tw * 2.4, yb - s * 0.62)], fill=c,
               width=int(aw), joint="curve")
        circle(d, x - tw * 2.4, yb - s * 0.62, aw / 2, fill=c)
        circle(d, x - tw * 2.4, yb - s * 0.36, aw / 2, fill=c)
        d.line([(x, yb - s * 0.5), (x + tw * 2.3, yb - s * 0.5), (x + tw * 2.3, yb - s * 0.76)], fill=c,
               width=int(aw), joint="curve")
        circle(d, x + tw * 2.3, yb - s * 0.76, aw / 2, fill=c)
        circle(d, x + tw * 2.3, yb - s * 0.5, aw / 2, fill=c)
        if v != "night":
            d.line([x - tw * 0.2, yb - s * 0.95, x - tw * 0.2, yb - s * 0.05], fill=lighten(cc, 0.15), width=max(1, int(tw * 0.3)))
    cactus(w * 0.18, h * 0.95, h * 0.34)
    cactus(w * 0.83, h * 0.88, h * 0.16)
    return img


def scene_forest(w, h, rng, v):
    if v == "misty":
        img = sky(w, h, [(0, "#9fc3b7"), (0.5, "#e3ece0"), (1, "#f2f1e4")])
        sun(img, w * 0.5, h * 0.32, w * 0.06, "#fffdf2", "#ffffff", glow_r=7, glow_a=0.7)
        far, near, fog = "#9ab9ad", "#10302a", "#eef2e6"
        kind = "pine"
    elif v == "autumn":
        img = sky(w, h, [(0, "#f2c27c"), (0.5, "#f8dfb2"), (1, "#fbeedd")])
        sun(img, w * 0.3, h * 0.3, w * 0.06, "#fffaf0", "#ffe8c0", glow_r=6, glow_a=0.5)
        far, near, fog = "#e9b58a", "#7a2f1c", "#fbe6cc"
        kind = "round"
    else:  # winter
        img = sky(w, h, [(0, "#8fb2d8"), (0.5, "#cfe0ef"), (1, "#eef4fa")])
        far, near, fog = "#a9bfd6", "#1f3b4d", "#edf3f9"
        kind = "pine"
    rows = 6
    for i in range(rows):
        t = i / (rows - 1)
        col = mix(far, near, t ** 0.9)
        base = h * (0.45 + 0.1 * i)
        d = ImageDraw.Draw(img)
        ground = hills(rng, w, base, h * 0.02)
        d.polygon(close_bottom(ground, w, h), fill=col if v != "winter" else mix(col, "#ffffff", 0.55 - 0.05 * i))
        count = int(18 + 6 * i) if kind == "pine" else int(12 - i)
        size = h * (0.1 + 0.06 * i)
        xs = sorted(rng.uniform(-0.05, 1.05) * w for _ in range(count))
        for x in xs:
            s = size * rng.uniform(0.7, 1.25)
            yb = base + rng.uniform(0, h * 0.03)
            if kind == "pine":
                pine(d, x, yb, s, col, tiers=6 + i // 2)
                if v == "winter":
                    # snow on the tiers
                    dd = ImageDraw.Draw(img, "RGBA")
                    top = yb - s
                    for j in range(1, 6):
                        yj = top + s * 0.88 * j / 6
                        wj = s * 0.42 / 2 * (j / 6) ** 0.8
                        dd.polygon([(x - wj * 0.9, yj - s * 0.01), (x, yj - s * 0.06), (x + wj * 0.7, yj - s * 0.015)],
                                   fill=(248, 252, 255, 200))
            else:
                tc = ["#d9622b", "#e8903a", "#c0392b", "#f0b34a", "#b5542d"][rng.randrange(5)]
                c = mix(tc, col, 0.7 - 0.7 * t)
                round_tree(d, x, yb, s * 0.9, c, darken(col, 0.2), hl=mix(c, "#ffffff", 0.1))
        if i < rows - 1:
            vfog(img, base - size * 0.9, base + h * 0.04, fog, 0.0, 0.5 - 0.06 * i)
    if v == "winter":
        stars_rng = random.Random(5)
        dd = ImageDraw.Draw(img, "RGBA")
        for _ in range(260):
            x, y = stars_rng.uniform(0, w), stars_rng.uniform(0, h)
            circle(dd, x, y, stars_rng.uniform(1, 3.2) * SS, fill=(255, 255, 255, stars_rng.randint(120, 230)))
    if v == "misty":
        # light rays
        ray = Image.new("L", (w, h), 0)
        rd = ImageDraw.Draw(ray)
        for k in range(7):
            a = math.radians(60 + k * 9 + rng.uniform(-3, 3))
            L = h * 1.2
            x0, y0 = w * 0.5, h * 0.32
            wd = math.radians(2.2)
            rd.polygon([(x0, y0), (x0 + math.cos(a - wd) * L, y0 + math.sin(a - wd) * L),
                        (x0 + math.cos(a + wd) * L, y0 + math.sin(a + wd) * L)], fill=60)
        ray = ray.filter(ImageFilter.GaussianBlur(12 * SS))
        paste_color(img, ray, "#fffbe8", 0.8)
    return img


def building_layer(img, rng, base_y, hmin, hmax, col, wmin, wmax, lit, lit_prob, win_col=None, detail=True):
    w, h = img.size
    d = ImageDraw.Draw(img)
    x = -rng.uniform(0, wmax)
    while x < w:
        bw = rng.uniform(wmin, wmax)
        bh = rng.uniform(hmin, hmax) * (1.5 if rng.random() < 0.12 else 1.0)
        top = base_y - bh
        c = mix(col, lighten(col, 0.25) if rng.random() < 0.5 else darken(col, 0.25), rng.uniform(0, 0.5))
        d.rectangle([x, top, x + bw, base_y + 2], fill=c)
        style = rng.random()
        if style < 0.2:
            d.rectangle([x + bw * 0.2, top - bh * 0.12, x + bw * 0.8, top], fill=c)
            d.rectangle([x + bw * 0.38, top - bh * 0.2, x + bw * 0.62, top], fill=c)
            d.line([x + bw * 0.5, top - bh * 0.32, x + bw * 0.5, top], fill=c, width=max(2, SS * 2))
        elif style < 0.32:
            d.polygon([(x, top + 1), (x + bw / 2, top - bw * 0.45), (x + bw, top + 1)], fill=c)
        elif style < 0.45:
            d.rectangle([x + bw * 0.6, top - 14 * SS, x + bw * 0.85, top], fill=c)
        elif style < 0.55:
            d.line([x + bw * 0.3, top - bh * 0.15, x + bw * 0.3, top], fill=c, width=max(2, SS * 2))
        if detail:
            cw, ch = 11 * SS, 14 * SS
            margin = 8 * SS
            cols = int((bw - 2 * margin) / cw)
            rows = int((bh - 2 * margin) / ch)
            vertical = rng.random() < 0.25
            if cols > 0 and rows > 0:
                ox = x + (bw - cols * cw) / 2
                for r in range(rows):
                    for cidx in range(cols):
                        wx, wy = ox + cidx * cw, top + margin + r * ch
                        on = rng.random() < lit_prob
                        if vertical:
                            if r == 0:
                                d.rectangle([wx + 2 * SS, top + margin, wx + cw - 3 * SS, base_y - margin],
                                            fill=mix(c, win_col or lit, 0.25))
                            continue
                        if on:
                            wc = lit if isinstance(lit, tuple) else hx(lit)
                            wc = mix(wc, rng.choice([(255, 240, 200), (255, 210, 150), (220, 235, 255)]), rng.uniform(0, 0.5))
                        else:
                            wc = mix(c, win_col or c, 0.35)
                        d.rectangle([wx + 2 * SS, wy + 2 * SS, wx + cw - 3 * SS, wy + ch - 4 * SS], fill=wc)
        x += bw + rng.uniform(-bw * 0.25, bw * 0.05)


def scene_city(w, h, rng, v):
    if v == "day":
        img = sky(w, h, [(0, "#4b8fd1"), (0.5, "#9fd0ef"), (0.8, "#e8f5fa")])
        cloud(img, w * 0.25, h * 0.18, w * 0.12, (255, 255, 255), 0.95)
        cloud(img, w * 0.75, h * 0.1, w * 0.08, (255, 255, 255), 0.9)
        far, near, lit, prob, win = "#a9c2da", "#51708f", "#d9ecf7", 0.0, "#cfe6f6"
        water = None
    elif v == "sunset":
        img = sky(w, h, [(0, "#35336e"), (0.35, "#b2517d"), (0.6, "#f5906a"), (0.8, "#ffd08f")])
        sun(img, w * 0.58, h * 0.62, w * 0.09, "#fff1cf", "#ffb06e", glow_r=4, glow_a=0.7)
        far, near, lit, prob, win = "#b5648a", "#3a2347", "#ffcf8a", 0.25, "#ffb98a"
        water = None
    elif v == "night":
        img = sky(w, h, [(0, "#060a24"), (0.5, "#1b2356"), (0.8, "#3f3c7a")])
        stars(img, rng, 250, h * 0.5)
        moon(img, w * 0.8, h * 0.15, w * 0.04, glow_color="#bac8ff")
        far, near, lit, prob, win = "#2d3470", "#10132e", "#ffd27a", 0.45, "#1c2250"
        water = None
    else:  # blue hour over water
        img = sky(w, h, [(0, "#1a2a6c"), (0.35, "#3e56a5"), (0.55, "#b57ba6"), (0.62, "#f4b393")])
        stars(img, rng, 120, h * 0.3)
        far, near, lit, prob, win = "#5a5f9e", "#1d2350", "#ffd58a", 0.4, "#2d3570"
        water = "#1c2453"
    base = h * (0.62 if water else 0.8)
    building_layer(img, rng, base - h * 0.02, h * 0.12, h * 0.3, far, w * 0.05, w * 0.1, lit, prob * 0.6, win, detail=True)
    vfog(img, base - h * 0.3, base, mix(far, "#ffffff", 0.3) if v == "day" else far, 0.0, 0.35)
    building_layer(img, rng, base, h * 0.08, h * 0.42, near, w * 0.07, w * 0.14, lit, prob, win, detail=True)
    d = ImageDraw.Draw(img)
    if water:
        d.rectangle([0, base, w, base + 3 * SS], fill=hx(near))
        reflect(img, base + 3 * SS, water, tint=0.35, blur=3 * SS, ripples=400, rng=rng)
    else:
        d.rectangle([0, base, w, h], fill=darken(near, 0.25))
        # street trees + lights
        for k in range(14):
            x = w * (k + 0.5) / 14
            round_tree(d, x, base + h * 0.03, h * 0.09, darken(near, 0.1) if v != "day" else hx("#3f7a4a"),
                       darken(near, 0.3), hl=None)
        d.rectangle([0, base + h * 0.03, w, h], fill=darken(near, 0.35))
        if v in ("night", "sunset"):
            for k in range(8):
                x = w * (k + 0.25) / 8
                glow(img, x, base + h * 0.01, w * 0.03, "#ffd27a", 0.55)
    return img


def aurora(img, rng, y_base, amp, colors):
    w, h = img.size
    m = new_mask((w, h))
    d = ImageDraw.Draw(m)
    ph = [rng.uniform(0, math.tau) for _ in range(3)]
    for x in range(0, w, 2):
        xx = x / w
        yb = y_base + amp * (0.5 * math.sin(xx * 5 + ph[0]) + 0.3 * math.sin(xx * 11 + ph[1]) + 0.2 * math.sin(xx * 23 + ph[2]))
        inten = 0.55 + 0.45 * math.sin(xx * 17 + ph[1]) * math.sin(xx * 7 + ph[2])
        L = h * (0.18 + 0.15 * (0.5 + 0.5 * math.sin(xx * 9 + ph[0])))
        segs = 10
        for s in range(segs):
            y0 = yb - L * s / segs
            y1 = yb - L * (s + 1) / segs
            val = int(255 * inten * (1 - s / segs) ** 1.5)
            d.line([x, y0, x, y1], fill=val, width=2)
    m = m.filter(ImageFilter.GaussianBlur(5 * SS))
    img.paste(vgrad(w, h, colors, int(y_base - h * 0.35), int(y_base + amp)), (0, 0), m)


def scene_night(w, h, rng, v):
    if v == "milkyway":
        img = sky(w, h, [(0, "#05071a"), (0.5, "#151c48"), (0.78, "#40366f"), (0.88, "#7a5a88")])
        band = new_mask((w, h))
        bd = ImageDraw.Draw(band)
        for _ in range(260):
            t = rng.random()
            px, py = w * (-0.1 + 1.2 * t), h * (0.85 - 0.9 * t)
            off = rng.gauss(0, w * 0.06)
            px, py = px + off * 0.6, py + off * 0.8
            r = rng.uniform(10, 50) * SS
            circle(bd, px, py, r, fill=rng.randint(60, 160))
        band = band.filter(ImageFilter.GaussianBlur(30 * SS))
        paste_color(img, band, "#c9b6ff", 0.55)
        dust = new_mask((w, h))
        dd = ImageDraw.Draw(dust)
        for _ in range(60):
            t = rng.random()
            px, py = w * (-0.1 + 1.2 * t), h * (0.85 - 0.9 * t)
            circle(dd, px + rng.gauss(0, 12 * SS), py + rng.gauss(0, 12 * SS), rng.uniform(6, 20) * SS, fill=180)
        paste_color(img, dust.filter(ImageFilter.GaussianBlur(10 * SS)), "#0b0c24", 0.45)
        stars(img, rng, 900, h * 0.85)
        d = ImageDraw.Draw(img, "RGBA")
        for _ in range(800):
            t = rng.random()
            off = rng.gauss(0, w * 0.05)
            px, py = w * (-0.1 + 1.2 * t) + off * 0.6, h * (0.85 - 0.9 * t) + off * 0.8
            circle(d, px, py, rng.uniform(0.5, 1.4) * SS, fill=(255, 255, 255, rng.randint(90, 220)))
        pts = hills(rng, w, h * 0.83, h * 0.05)
        img.paste(hx("#0a0b1d"), (0, 0), poly_mask((w, h), close_bottom(pts, w, h)))
        # tent with warm light
        d = ImageDraw.Draw(img, "RGBA")
        tx, ty = w * 0.68, h * 0.88
        glow(img, tx, ty - h * 0.03, w * 0.14, "#ffb45e", 0.35)
        d.polygon([(tx - w * 0.07, ty), (tx, ty - h * 0.1), (tx + w * 0.07, ty)], fill=hx("#f2a456"))
        d.polygon([(tx - w * 0.018, ty), (tx, ty - h * 0.06), (tx + w * 0.018, ty)], fill=hx("#ffe0a0"))
        d.polygon([(tx, ty - h * 0.1), (tx + w * 0.07, ty), (tx + w * 0.085, ty), (tx + w * 0.01, ty - h * 0.1)],
                  fill=hx("#c87a3e"))
        pts2 = hills(rng, w, h * 0.93, h * 0.02)
        img.paste(hx("#05060f"), (0, 0), poly_mask((w, h), close_bottom(pts2, w, h)))
        dd2 = ImageDraw.Draw(img)
        pine(dd2, w * 0.1, h * 0.97, h * 0.36, hx("#05060f"), tiers=7)
        pine(dd2, w * 0.18, h * 0.97, h * 0.24, hx("#05060f"), tiers=6)
    elif v == "moon":
        img = sky(w, h, [(0, "#0f1b3d"), (0.55, "#2f4c7e"), (0.8, "#6f88b4")])
        stars(img, rng, 350, h * 0.7)
        moon(img, w * 0.5, h * 0.42, w * 0.16, color="#f7f1de", glow_color="#d8e4ff")
        for i, (c, base, amp) in enumerate((("#3d5686", 0.74, 0.07), ("#283e68", 0.82, 0.06), ("#17284a", 0.9, 0.05))):
            pts = hills(rng, w, h * base, h * amp)
            img.paste(hx(c), (0, 0), poly_mask((w, h), close_bottom(pts, w, h)))
            vfog(img, h * (base - 0.05), h * (base + 0.06), "#8aa2cc", 0, 0.25 - 0.07 * i)
        d = ImageDraw.Draw(img)
        # lone tree silhouette
        bx, by = w * 0.22, h * 0.9
        d.polygon(tapered(bez((bx, by + h * 0.02), (bx + w * 0.01, by - h * 0.1), (bx - w * 0.02, by - h * 0.2), 30),
                          w * 0.022, w * 0.006), fill=hx("#0c1730"))
        for ang, ln in ((-150, 0.09), (-120, 0.1), (-60, 0.1), (-30, 0.09), (-90, 0.08)):
            a = math.radians(ang)
            sx, sy = bx - w * 0.012, by - h * 0.16
            ex, ey = sx + math.cos(a) * w * ln, sy + math.sin(a) * w * ln
            d.line([sx, sy, ex, ey], fill=hx("#0c1730"), width=3 * SS)
            circle(d, ex, ey, w * 0.045, fill=hx("#0c1730"))
        circle(d, bx - w * 0.012, by - h * 0.24, w * 0.06, fill=hx("#0c1730"))
    else:  # aurora
        img = sky(w, h, [(0, "#040a1c"), (0.5, "#0c2238"), (0.72, "#17445a")])
        stars(img, rng, 500, h * 0.7)
        aurora(img, rng, h * 0.42, h * 0.1, [(0, "#8a4fd8"), (0.45, "#3bd1b0"), (0.8, "#7dffb5"), (1, "#c4ffd8")])
        aurora(img, rng, h * 0.5, h * 0.06, [(0, "#3f7be0"), (0.5, "#3bd1b0"), (1, "#9dffc8")])
        hz = h * 0.72
        for i in range(2):
            pts = ridge(rng, w, hz - h * (0.05 - 0.02 * i), h * (0.07 - 0.02 * i), rough=0.55)
            pts = [(x, min(y, hz)) for x, y in pts]
            img.paste(hx(["#12283c", "#08141f"][i]), (0, 0), poly_mask((w, h), close_bottom(pts, w, hz)))
        reflect(img, hz, "#06121e", tint=0.35, blur=3 * SS, ripples=250, rng=rng)
        d = ImageDraw.Draw(img)
        pts = hills(rng, w, h * 0.95, h * 0.02)
        img.paste(hx("#03070d"), (0, 0), poly_mask((w, h), close_bottom(pts, w, h)))
        for x, s in ((0.06, 0.34), (0.13, 0.26), (0.92, 0.3)):
            pine(d, w * x, h * 0.97, h * s, hx("#03070d"), tiers=7)
    return img


def scene_balloons(w, h, rng, v):
    if v == "morning":
        img = sky(w, h, [(0, "#8fc3ea"), (0.55, "#f4dfe2"), (0.8, "#ffe9cf")])
        sun(img, w * 0.78, h * 0.62, w * 0.06, "#fffaf0", "#ffe6c2", glow_r=6, glow_a=0.6)
        hill_cols = ["#b7c9a2", "#8fb083", "#5f8e62", "#3f6e4a"]
        fog = "#f6ece0"
    else:
        img = sky(w, h, [(0, "#f6a46b"), (0.5, "#fbd09b"), (0.85, "#fde9c8")])
        sun(img, w * 0.3, h * 0.66, w * 0.08, "#fff6e0", "#ffd9a0", glow_r=5, glow_a=0.6)
        hill_cols = ["#e0a07a", "#c57b5e", "#9c5a4d", "#6e3d3d"]
        fog = "#fde3c3"
    for i, c in enumerate(hill_cols):
        base = h * (0.66 + 0.09 * i)
        pts = hills(rng, w, base, h * 0.04, waves=2)
        img.paste(hx(c), (0, 0), poly_mask((w, h), close_bottom(pts, w, h)))
        if i < 3:
            vfog(img, base - h * 0.04, base + h * 0.05, fog, 0, 0.35)
    d = ImageDraw.Draw(img)
    for i in range(len(hill_cols)):
        pass
    palettes = [["#e8505b", "#f9d56e"], ["#14b1ab", "#f3ecc2"], ["#5b6ee1", "#f6a5c0"], ["#f08a4b", "#fff1d6"],
                ["#8e6fd1", "#ffd3e0"], ["#2fa37a", "#ffe08a"]]
    rng.shuffle(palettes)
    specs = [(0.3, 0.3, 0.12), (0.68, 0.2, 0.08), (0.85, 0.42, 0.05), (0.14, 0.55, 0.04), (0.52, 0.5, 0.035)]
    for k, (cx, cy, r) in enumerate(specs):
        cx, cy, r = w * cx, h * cy, w * r
        pal = palettes[k % len(palettes)]
        # balloon envelope: circle + tapered bottom
        env = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in [math.radians(t) for t in range(150, 391, 5)]]
        env += [(cx + r * 0.32, cy + r * 1.35), (cx - r * 0.32, cy + r * 1.35)]
        m = poly_mask((w, h), env)
        stripes = Image.new("RGB", (w, h), hx(pal[0]))
        sd = ImageDraw.Draw(stripes)
        n = 8
        for j in range(n):
            if j % 2:
                # stripes follow the envelope curvature using ellipses
                x0 = cx - r + 2 * r * j / n
                x1 = cx - r + 2 * r * (j + 1) / n
                sd.polygon([(cx, cy - r * 1.05)] + [(cx + (x0 - cx) * 1.02, cy), (cx + (x0 - cx) * 0.35, cy + r * 1.35),
                                                      (cx + (x1 - cx) * 0.35, cy + r * 1.35), (cx + (x1 - cx) * 1.02, cy)],
                           fill=hx(pal[1]))
        img.paste(stripes, (0, 0), m)
        # shading
        sh = new_mask((w, h))
        ImageDraw.Draw(sh).ellipse([cx - r * 0.2, cy - r * 1.1, cx + r * 1.6, cy + r * 1.5], fill=255)
        sh = ImageChops.multiply(sh.filter(ImageFilter.GaussianBlur(r * 0.3)), m)
        paste_color(img, sh, "#000000", 0.18)
        hl = new_mask((w, h))
        ImageDraw.Draw(hl).ellipse([cx - r * 0.75, cy - r * 0.8, cx - r * 0.25, cy - r * 0.1], fill=255)
        paste_color(img, ImageChops.multiply(hl.filter(ImageFilter.GaussianBlur(r * 0.15)), m), "#ffffff", 0.25)
        d = ImageDraw.Draw(img)
        lw = max(1, int(r * 0.025))
        d.line([cx - r * 0.3, cy + r * 1.35, cx - r * 0.16, cy + r * 1.62], fill=hx("#5a4034"), width=lw)
        d.line([cx + r * 0.3, cy + r * 1.35, cx + r * 0.16, cy + r * 1.62], fill=hx("#5a4034"), width=lw)
        d.rounded_rectangle([cx - r * 0.18, cy + r * 1.6, cx + r * 0.18, cy + r * 1.85], radius=r * 0.04, fill=hx("#8a5a3c"))
    return img


# --------------------------------------------------------------------------
# Still lifes, food and abstract scenes
# --------------------------------------------------------------------------


def wood_table(w, h, y0, c0, c1, rng, vertical_planks=False):
    img = vgrad(w, h, [(0, c0), (1, c1)], int(y0), h)
    d = ImageDraw.Draw(img, "RGBA")
    if vertical_planks:
        pw = w / 5
        for k in range(6):
            d.line([k * pw, 0, k * pw, h], fill=rgba(darken(c1, 0.3), 0.6), width=2 * SS)
        for _ in range(160):
            x = rng.uniform(0, w)
            y = rng.uniform(0, h)
            ln = rng.uniform(40, 200) * SS
            d.line([x, y, x + rng.uniform(-3, 3) * SS, y + ln], fill=rgba(darken(c0, 0.15), 0.25), width=SS)
    else:
        for _ in range(70):
            y = rng.uniform(y0, h)
            x = rng.uniform(-w * 0.2, w)
            ln = rng.uniform(80, 400) * SS
            d.line([x, y, x + ln, y + rng.uniform(-2, 2) * SS], fill=rgba(darken(c1, 0.2), 0.25), width=SS)
    return img


def scene_coffee(w, h, rng, v):
    if v == "side":
        img = vgrad(w, h, [(0, "#f1e3d3"), (0.62, "#e8d2bd")])
        # window light on the wall
        lm = new_mask((w, h))
        ImageDraw.Draw(lm).polygon([(w * 0.45, 0), (w * 0.85, 0), (w * 0.7, h * 0.62), (w * 0.3, h * 0.62)], fill=255)
        ImageDraw.Draw(lm).polygon([(w * 0.56, 0), (w * 0.6, 0), (w * 0.45, h * 0.62), (w * 0.41, h * 0.62)], fill=0)
        paste_color(img, lm.filter(ImageFilter.GaussianBlur(14 * SS)), "#fff7ec", 0.55)
        table_y = h * 0.62
        table = wood_table(w, h, table_y, "#b07a52", "#8a5a3a", rng)
        img.paste(table.crop((0, int(table_y), w, h)), (0, int(table_y)))
        d = ImageDraw.Draw(img)
        d.rectangle([0, table_y, w, table_y + 4 * SS], fill=hx("#c99670"))
        # books
        bx = w * 0.08
        for k, (col, th, ln) in enumerate((("#2f5d62", 0.045, 0.36), ("#e0a458", 0.035, 0.32), ("#c25b4a", 0.05, 0.34))):
            y1 = table_y + h * 0.06 - sum(t for _, t, _ in (("", 0.045, 0), ("", 0.035, 0), ("", 0.05, 0))[:k]) * h
            shadow(img, lambda dd, y1=y1, ln=ln: dd.rectangle([bx, y1 - th * h, bx + w * ln, y1]), 4 * SS, alpha=0.15,
                   offset=(6 * SS, 4 * SS))
            d.rounded_rectangle([bx, y1 - th * h, bx + w * ln, y1], radius=3 * SS, fill=hx(col))
            d.rectangle([bx + w * ln - w * 0.012, y1 - th * h + 3 * SS, bx + w * ln - 2 * SS, y1 - 3 * SS], fill=hx("#f5efe3"))
            d.line([bx + w * 0.03, y1 - th * h / 2, bx + w * 0.12, y1 - th * h / 2], fill=lighten(col, 0.4), width=2 * SS)
        # plant in pot on books
        px, py = w * 0.24, table_y + h * 0.06 - 0.13 * h
        for ang in (-150, -125, -100, -80, -60, -35, -115, -70):
            a = math.radians(ang + rng.uniform(-6, 6))
            d.polygon(leaf_pts(px, py - h * 0.04, h * rng.uniform(0.12, 0.18), h * 0.05, a), fill=hx(rng.choice(["#4f8a5b", "#3f7a4f", "#5f9e66"])))
        d.polygon([(px - w * 0.055, py - h * 0.05), (px + w * 0.055, py - h * 0.05), (px + w * 0.045, py), (px - w * 0.045, py)],
                  fill=hx("#f4efe6"))
        # cup and saucer
        cx, cy = w * 0.62, table_y + h * 0.17
        shadow(img, lambda dd: dd.ellipse([cx - w * 0.2, cy - h * 0.02, cx + w * 0.26, cy + h * 0.07]), 10 * SS, alpha=0.28)
        d.ellipse([cx - w * 0.2, cy - h * 0.04, cx + w * 0.2, cy + h * 0.05], fill=hx("#f7f4ef"))
        d.ellipse([cx - w * 0.19, cy - h * 0.045, cx + w * 0.19, cy + h * 0.035], fill=hx("#ede6dc"))
        d.ellipse([cx - w * 0.12, cy - h * 0.035, cx + w * 0.12, cy + h * 0.02], fill=hx("#fbf9f5"))
        cupc = "#e86a50" if rng.random() < 0.5 else "#3e7cb1"
        top, bot = cy - h * 0.25, cy
        rw = w * 0.13
        # handle
        d.ellipse([cx + rw * 0.7, top + h * 0.05, cx + rw * 1.55, top + h * 0.17], outline=hx(cupc), width=int(w * 0.022))
        body = [(cx - rw, top)] + ellipse_pts(cx, bot - h * 0.06, rw * 0.78, h * 0.06, math.pi, 0, 30)[::-1] + [(cx + rw, top)]
        body = [(cx - rw, top)] + [(cx - rw * 0.98, top + (bot - top) * 0.5)] + \
            [(cx + rw * 0.78 * math.cos(a), bot - h * 0.05 + h * 0.05 * math.sin(a)) for a in
             [math.radians(180 - t) for t in range(0, 181, 6)][::-1][::-1]] + [(cx + rw * 0.98, top + (bot - top) * 0.5), (cx + rw, top)]
        m = poly_mask((w, h), body)
        img.paste(hgrad(w, h, [(0, lighten(cupc, 0.1)), ((cx - rw * 0.3) / w, lighten(cupc, 0.22)),
                               ((cx + rw) / w, darken(cupc, 0.18)), (1, darken(cupc, 0.2))]), (0, 0), m)
        d = ImageDraw.Draw(img)
        d.ellipse([cx - rw, top - h * 0.03, cx + rw, top + h * 0.03], fill=lighten(cupc, 0.3))
        d.ellipse([cx - rw * 0.9, top - h * 0.024, cx + rw * 0.9, top + h * 0.024], fill=hx("#6b3e26"))
        d.ellipse([cx - rw * 0.75, top - h * 0.018, cx + rw * 0.6, top + h * 0.016], fill=hx("#c48a5a"))
        # steam
        st = new_mask((w, h))
        sd = ImageDraw.Draw(st)
        for k, off in enumerate((-0.04, 0.0, 0.045)):
            x0 = cx + w * off
            path = bez3((x0, top - h * 0.04), (x0 - w * 0.05, top - h * 0.12), (x0 + w * 0.05, top - h * 0.18),
                        (x0 - w * 0.01, top - h * 0.3), 40)
            sd.line(path, fill=200, width=int(5 * SS), joint="curve")
        paste_color(img, st.filter(ImageFilter.GaussianBlur(5 * SS)), "#ffffff", 0.6)
        # croissant-ish cookie plate
        d.ellipse([w * 0.05, h * 0.86, w * 0.35, h * 0.95], fill=hx("#f7f4ef"))
        for k in range(3):
            circle(d, w * (0.13 + 0.07 * k), h * 0.895 - (k % 2) * h * 0.01, w * 0.045, fill=hx("#d9a05b"))
            for _ in range(4):
                circle(d, w * (0.13 + 0.07 * k) + rng.uniform(-1, 1) * w * 0.025,
                       h * 0.895 - (k % 2) * h * 0.01 + rng.uniform(-1, 1) * w * 0.02, w * 0.006, fill=hx("#4a2c1c"))
        return img
    # top-down latte
    img = wood_table(w, h, 0, "#c79a6b", "#a9784d", rng, vertical_planks=True)
    d = ImageDraw.Draw(img)
    cx, cy = w * 0.5, h * 0.52
    R = w * 0.3
    shadow(img, lambda dd: circle(dd, cx, cy, R), 14 * SS, alpha=0.35, offset=(12 * SS, 16 * SS))
    circle(d, cx, cy, R, fill=hx("#f4f1ec"))
    circle(d, cx, cy, R * 0.94, fill=hx("#ebe6de"))
    # cup
    shadow(img, lambda dd: circle(dd, cx, cy, R * 0.62), 8 * SS, alpha=0.3, offset=(8 * SS, 10 * SS))
    d.rounded_rectangle([cx + R * 0.5, cy - R * 0.09, cx + R * 0.92, cy + R * 0.09], radius=R * 0.08, fill=hx("#fbfaf8"))
    circle(d, cx, cy, R * 0.62, fill=hx("#fbfaf8"))
    circle(d, cx, cy, R * 0.53, fill=hx("#7a4427"))
    img2 = Image.new("RGB", (w, h), hx("#b87a45"))
    cm = new_mask((w, h))
    circle(ImageDraw.Draw(cm), cx, cy, R * 0.5, fill=255)
    crema = vgrad(w, h, [(0, "#a0622f"), (0.5, "#c68a52"), (1, "#8a4f28")], int(cy - R * 0.5), int(cy + R * 0.5))
    img.paste(crema, (0, 0), cm.filter(ImageFilter.GaussianBlur(3 * SS)))
    # latte art: layered heart (tulip)
    d = ImageDraw.Draw(img, "RGBA")

    def heart(scale, oy, col):
        pts = []
        for i in range(80):
            t = math.tau * i / 80
            x = 16 * math.sin(t) ** 3
            y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
            pts.append((cx + x * scale, cy + oy + y * scale))
        d.polygon(pts, fill=col)

    milk = (250, 242, 228, 255)
    cr = rgba("#b97c45", 1)
    u = R * 0.021
    heart(u * 1.0, R * 0.02, milk)
    heart(u * 0.78, R * 0.06, cr)
    heart(u * 0.62, R * 0.04, milk)
    heart(u * 0.4, R * 0.07, cr)
    heart(u * 0.26, R * 0.05, milk)
    d.line([cx, cy - R * 0.3, cx, cy + R * 0.36], fill=milk, width=int(R * 0.02))
    # spoon
    sx, sy = cx - R * 0.2, cy + R * 0.78
    d.line([sx, sy, sx - R * 0.75, sy + R * 0.05], fill=(205, 205, 210, 255), width=int(R * 0.05))
    d.ellipse([sx - R * 0.04, sy - R * 0.07, sx + R * 0.2, sy + R * 0.07], fill=(214, 214, 220, 255))
    # coffee beans
    for _ in range(14):
        bx = rng.choice([rng.uniform(0.05, 0.2), rng.uniform(0.8, 0.95)]) * w
        by = rng.uniform(0.08, 0.95) * h
        a = rng.uniform(0, math.pi)
        pts = leaf_pts(bx, by, w * 0.035, w * 0.026, a, n=16)
        shadow(img, lambda dd, pts=pts: dd.polygon(pts), 2 * SS, alpha=0.3, offset=(3 * SS, 3 * SS))
        d.polygon(pts, fill=hx("#4a2a18"))
        d.line([(bx + math.cos(a) * w * 0.006, by + math.sin(a) * w * 0.006),
                (bx + math.cos(a) * w * 0.029, by + math.sin(a) * w * 0.029)], fill=hx("#2a160c"), width=2 * SS)
    return img


def fruit(d, img, kind, x, y, r, rng):
    if kind == "orange":
        circle(d, x, y, r, fill=hx("#f39a2e"))
        d.chord([x - r, y - r, x + r, y + r], 200, 380, fill=hx("#f7ad45"))
        circle(d, x - r * 0.35, y - r * 0.35, r * 0.18, fill=hx("#fcd08a"))
        circle(d, x + r * 0.1, y - r * 0.85, r * 0.07, fill=hx("#6b8f3a"))
    elif kind == "apple":
        d.ellipse([x - r * 1.02, y - r * 0.9, x + r * 0.05, y + r], fill=hx("#d93b3b"))
        d.ellipse([x - r * 0.05, y - r * 0.9, x + r * 1.02, y + r], fill=hx("#c72f34"))
        circle(d, x - r * 0.45, y - r * 0.35, r * 0.16, fill=hx("#f07a6b"))
        d.line([x, y - r * 0.8, x + r * 0.1, y - r * 1.25], fill=hx("#5b3a23"), width=max(2, int(r * 0.08)))
        d.polygon(leaf_pts(x + r * 0.08, y - r * 1.1, r * 0.6, r * 0.3, -0.4), fill=hx("#5f9e45"))
    elif kind == "lemon":
        d.ellipse([x - r * 1.15, y - r * 0.85, x + r * 1.15, y + r * 0.85], fill=hx("#f5d547"))
        circle(d, x - r * 1.1, y, r * 0.18, fill=hx("#f5d547"))
        circle(d, x + r * 1.1, y, r * 0.18, fill=hx("#f5d547"))
        d.chord([x - r * 1.15, y - r * 0.85, x + r * 1.15, y + r * 0.85], 200, 340, fill=hx("#f9e27a"))
    elif kind == "pear":
        d.ellipse([x - r * 0.95, y - r * 0.4, x + r * 0.95, y + r], fill=hx("#b5c94a"))
        d.ellipse([x - r * 0.55, y - r * 1.15, x + r * 0.55, y + r * 0.1], fill=hx("#b5c94a"))
        circle(d, x - r * 0.35, y, r * 0.16, fill=hx("#dbe68a"))
        d.line([x, y - r * 1.1, x + r * 0.15, y - r * 1.5], fill=hx("#5b3a23"), width=max(2, int(r * 0.08)))
    elif kind == "grapes":
        for k in range(16):
            gx = x + rng.uniform(-1, 1) * r * 0.8 * (1 - k / 20)
            gy = y - r * 0.6 + k * r * 0.09
            circle(d, gx, gy, r * 0.28, fill=hx("#6b3f8f"))
            circle(d, gx - r * 0.08, gy - r * 0.08, r * 0.07, fill=hx("#a77bc9"))
    elif kind == "banana":
        path = bez((x - r * 1.6, y - r * 0.6), (x, y + r * 0.9), (x + r * 1.6, y - r * 0.7), 40)
        d.polygon(tapered(path, 0, 0, profile=lambda t: r * 0.7 * math.sin(math.pi * (0.08 + 0.84 * t)) ** 0.6), fill=hx("#f6d54e"))
        d.line(path[30:], fill=hx("#e8b83a"), width=max(2, int(r * 0.06)))
        circle(d, path[-1][0], path[-1][1], r * 0.07, fill=hx("#5b3a23"))


def scene_fruit(w, h, rng, v):
    if v == "bowl":
        img = vgrad(w, h, [(0, "#2f5b5a"), (0.6, "#3f716c")])
        glow(img, w * 0.35, h * 0.3, w * 0.6, "#6c9c92", 0.5)
        table_y = h * 0.64
        img.paste(vgrad(w, h, [(0, "#e7d6bd"), (1, "#cdb595")], int(table_y), h).crop((0, int(table_y), w, h)), (0, int(table_y)))
        d = ImageDraw.Draw(img)
        cx, cy, R = w * 0.5, h * 0.7, w * 0.32
        shadow(img, lambda dd: dd.ellipse([cx - R * 1.1, cy + R * 0.3, cx + R * 1.25, cy + R * 0.62]), 12 * SS, alpha=0.35)
        d = ImageDraw.Draw(img)
        # fruit behind rim
        fruit(d, img, "banana", cx + R * 0.1, cy - R * 0.42, R * 0.3, rng)
        fruit(d, img, "grapes", cx + R * 0.55, cy - R * 0.3, R * 0.35, rng)
        fruit(d, img, "pear", cx - R * 0.6, cy - R * 0.3, R * 0.3, rng)
        fruit(d, img, "orange", cx - R * 0.25, cy - R * 0.18, R * 0.3, rng)
        fruit(d, img, "apple", cx + R * 0.25, cy - R * 0.12, R * 0.3, rng)
        fruit(d, img, "lemon", cx - R * 0.72, cy - R * 0.02, R * 0.22, rng)
        # bowl front
        bowl = [(cx - R, cy)] + [(cx + R * math.cos(a), cy + R * 0.75 * math.sin(a)) for a in
                                 [math.radians(t) for t in range(180, -1, -4)]][::-1][::-1]
        bowl = [(cx + R * math.cos(math.radians(t)), cy + R * 0.78 * math.sin(math.radians(t))) for t in range(0, 181, 4)]
        m = poly_mask((w, h), bowl)
        img.paste(hgrad(w, h, [(0, "#f3ede4"), ((cx - R * 0.3) / w, "#ffffff"), ((cx + R) / w, "#cbbfb0"), (1, "#cbbfb0")]), (0, 0), m)
        d = ImageDraw.Draw(img)
        d.ellipse([cx - R, cy - R * 0.06, cx + R, cy + R * 0.06], fill=hx("#f8f4ee"))
        d.rectangle([cx - R, cy - 2, cx + R, cy], fill=hx("#f8f4ee"))
        d.line([(cx - R * 0.8, cy + R * 0.3), (cx + R * 0.8, cy + R * 0.3)], fill=hx("#e37b5c"), width=int(R * 0.05))
        d.line([(cx - R * 0.65, cy + R * 0.45), (cx + R * 0.65, cy + R * 0.45)], fill=hx("#2f5b5a"), width=int(R * 0.03))
        fruit(d, img, "orange", cx + R * 1.25, cy + R * 0.45, R * 0.22, rng)
        return img
    # citrus flat lay
    bgc = rng.choice(["#f6c9c0", "#cfe3d7"])
    img = Image.new("RGB", (w, h), hx(bgc))
    d = ImageDraw.Draw(img)
    items = []
    grid = [(x, y) for y in range(4) for x in range(4)]
    rng.shuffle(grid)
    for (gx, gy) in grid[:13]:
        x = w * (0.14 + 0.24 * gx + rng.uniform(-0.04, 0.04))
        y = h * (0.14 + 0.24 * gy + rng.uniform(-0.04, 0.04))
        items.append((x, y, rng.choice(["orange", "lemon", "grapefruit", "lime", "orange"]), rng.uniform(0.075, 0.1) * w))
    cols = {"orange": ("#f28a1e", "#f9b25a", "#ffcf8c"), "lemon": ("#f2cf2c", "#f9e27a", "#fff2b8"),
            "grapefruit": ("#f06a5b", "#f79a8a", "#ffd0c4"), "lime": ("#6fb23b", "#a8d66a", "#dcf0b4")}
    for x, y, kind, r in items:
        peel, flesh, pith = cols[kind]
        shadow(img, lambda dd: circle(dd, x, y, r), 6 * SS, alpha=0.22, offset=(6 * SS, 8 * SS))
        d = ImageDraw.Draw(img)
        circle(d, x, y, r, fill=hx(peel))
        if rng.random() < 0.7:
            circle(d, x, y, r * 0.9, fill=hx(pith))
            circle(d, x, y, r * 0.82, fill=hx(flesh))
            n = 10
            rot = rng.uniform(0, 360)
            for k in range(n):
                a0 = math.radians(rot + k * 360 / n)
                d.line([x, y, x + math.cos(a0) * r * 0.82, y + math.sin(a0) * r * 0.82], fill=hx(pith), width=int(r * 0.05))
            circle(d, x, y, r * 0.08, fill=hx(pith))
            # juice highlight
            for k in range(5):
                a = rng.uniform(0, math.tau)
                dist = rng.uniform(0.3, 0.7) * r
                circle(d, x + math.cos(a) * dist, y + math.sin(a) * dist, r * 0.04, fill=lighten(flesh, 0.35))
        else:
            circle(d, x - r * 0.35, y - r * 0.35, r * 0.2, fill=lighten(peel, 0.25))
            d.polygon(leaf_pts(x + r * 0.1, y - r * 0.9, r * 0.7, r * 0.35, -0.5), fill=hx("#4f8a3b"))
    return img


def scene_plants(w, h, rng, v):
    pal = {"sage": ("#dfe6d8", "#cfd8c6", "#c9b79c", "#b39f84"),
           "pink": ("#f6dcd3", "#eccabe", "#d8c2a8", "#c4a98e"),
           "blue": ("#d6e2ea", "#c3d3df", "#e9e2d6", "#d4c9b8")}[v]
    img = vgrad(w, h, [(0, pal[0]), (1, pal[1])], 0, int(h * 0.7))
    shelf_y = h * 0.72
    img.paste(vgrad(w, h, [(0, pal[2]), (1, pal[3])], int(shelf_y), h).crop((0, int(shelf_y), w, h)), (0, int(shelf_y)))
    d = ImageDraw.Draw(img)
    d.rectangle([0, shelf_y, w, shelf_y + 3 * SS], fill=lighten(pal[2], 0.25))
    # framed picture on wall
    fx, fy = w * (0.62 if v != "blue" else 0.12), h * 0.12
    shadow(img, lambda dd: dd.rectangle([fx, fy, fx + w * 0.26, fy + h * 0.3]), 6 * SS, alpha=0.2, offset=(6 * SS, 8 * SS))
    d.rectangle([fx, fy, fx + w * 0.26, fy + h * 0.3], fill=hx("#fbf8f2"))
    d.rectangle([fx + w * 0.03, fy + w * 0.03, fx + w * 0.23, fy + h * 0.3 - w * 0.03], fill=hx("#f0ebe1"))
    circle(d, fx + w * 0.13, fy + h * 0.12, w * 0.05, fill=hx(rng.choice(["#e6896b", "#e9b949", "#7aa5c9"])))
    d.polygon([(fx + w * 0.03, fy + h * 0.3 - w * 0.03), (fx + w * 0.11, fy + h * 0.17), (fx + w * 0.17, fy + h * 0.22),
               (fx + w * 0.23, fy + h * 0.14), (fx + w * 0.23, fy + h * 0.3 - w * 0.03)], fill=hx("#5c7d6b"))
    pots = [("#d4775a", "terracotta"), ("#f5f2ec", "white"), ("#5f7f73", "sage"), ("#e8c468", "mustard"), ("#3d4a66", "navy")]
    rng.shuffle(pots)
    plants = ["monstera", "snake", "cactus", "trailing", "fern"]
    rng.shuffle(plants)
    xs = [0.2, 0.5, 0.8]
    sizes = [0.9, 1.15, 0.8]
    for k in range(3):
        x = w * xs[k]
        s = sizes[k]
        pc = hx(pots[k][0])
        pw, ph = w * 0.11 * s, h * 0.16 * s
        base = shelf_y + h * 0.12
        top = base - ph
        kind = plants[k]
        d = ImageDraw.Draw(img)
        # plant (behind pot rim)
        if kind == "monstera":
            for j in range(9):
                a = math.radians(-90 + rng.uniform(-70, 70))
                L = h * rng.uniform(0.18, 0.32) * s
                ex, ey = x + math.cos(a) * L, top + math.sin(a) * L
                d.line([x, top + 4, ex, ey], fill=hx("#3b6b47"), width=int(3 * SS))
                lc = hx(rng.choice(["#2f7a4f", "#3d8a58", "#27664a"]))
                lp = leaf_pts(ex - math.cos(a) * h * 0.05 * s, ey - math.sin(a) * h * 0.05 * s, h * 0.16 * s, h * 0.13 * s, a)
                d.polygon(lp, fill=lc)
                # slits
                for q in range(3):
                    t = 0.3 + q * 0.18
                    mx = ex - math.cos(a) * h * 0.05 * s + math.cos(a) * h * 0.16 * s * t
                    my = ey - math.sin(a) * h * 0.05 * s + math.sin(a) * h * 0.16 * s * t
                    for sd_ in (1, -1):
                        na = a + sd_ * math.radians(70)
                        d.line([mx + math.cos(na) * h * 0.03 * s, my + math.sin(na) * h * 0.03 * s,
                                mx + math.cos(na) * h * 0.07 * s, my + math.sin(na) * h * 0.07 * s],
                               fill=img.getpixel((0, int(h * 0.3))), width=int(2.5 * SS))
                d.line([ex - math.cos(a) * h * 0.05 * s, ey - math.sin(a) * h * 0.05 * s,
                        ex + math.cos(a) * h * 0.1 * s, ey + math.sin(a) * h * 0.1 * s], fill=lighten(lc, 0.2), width=SS * 2)
        elif kind == "snake":
            for j in range(7):
                a = math.radians(-90 + (j - 3) * 9 + rng.uniform(-4, 4))
                L = h * rng.uniform(0.25, 0.42) * s
                lc = hx(rng.choice(["#3f6e4a", "#4b7d52", "#335d3f"]))
                lp = leaf_pts(x + (j - 3) * pw * 0.12, top + 6, L, w * 0.045 * s, a)
                d.polygon(lp, fill=lc)
                d.line(leaf_pts(x + (j - 3) * pw * 0.12, top + 6, L, w * 0.045 * s, a)[:29], fill=hx("#d9d27a"), width=SS * 2)
        elif kind == "cactus":
            cw = pw * 0.55
            d.rounded_rectangle([x - cw / 2, top - h * 0.3 * s, x + cw / 2, top + 10], radius=cw / 2, fill=hx("#4f9460"))
            d.rounded_rectangle([x - cw * 1.2, top - h * 0.2 * s, x - cw * 0.55, top - h * 0.08 * s], radius=cw * 0.3,
                                fill=hx("#4f9460"))
            d.rectangle([x - cw * 0.9, top - h * 0.11 * s, x, top - h * 0.08 * s], fill=hx("#4f9460"))
            for q in (-0.25, 0, 0.25):
                d.line([x + cw * q, top - h * 0.28 * s, x + cw * q, top], fill=hx("#3f7d50"), width=SS * 2)
            circle(d, x, top - h * 0.3 * s, cw * 0.18, fill=hx("#f27b9b"))
            for q in range(25):
                circle(d, x + rng.uniform(-0.4, 0.4) * cw, top - rng.uniform(0, 0.28) * h * s, SS * 1.2, fill=hx("#e9f0d8"))
        elif kind == "trailing":
            for j in range(6):
                sx = x + rng.uniform(-0.8, 0.8) * pw
                path = bez3((sx, top + 6), (sx + rng.uniform(-1, 1) * pw, top + ph * 0.5),
                            (sx + rng.uniform(-1.5, 1.5) * pw, base - ph * 0.2), (sx + rng.uniform(-1.8, 1.8) * pw, base + h * rng.uniform(0.0, 0.12)), 30)
                d.line(path, fill=hx("#3b6b47"), width=SS * 2)
                for q in range(0, 31, 3):
                    px_, py_ = path[q]
                    d.polygon(leaf_pts(px_, py_, h * 0.035 * s, h * 0.03 * s, rng.uniform(0, math.tau)),
                              fill=hx(rng.choice(["#5da35f", "#4e9a5a", "#79b86a"])))
            for j in range(10):
                a = math.radians(-90 + rng.uniform(-80, 80))
                d.polygon(leaf_pts(x + rng.uniform(-0.5, 0.5) * pw, top + 4, h * 0.05 * s, h * 0.04 * s, a),
                          fill=hx(rng.choice(["#5da35f", "#4e9a5a", "#79b86a"])))
        else:  # fern
            for j in range(11):
                a = math.radians(-90 + (j - 5) * 14 + rng.uniform(-5, 5))
                L = h * rng.uniform(0.22, 0.3) * s
                path = bez((x, top + 4), (x + math.cos(a) * L * 0.6, top + math.sin(a) * L * 0.6 - L * 0.1),
                           (x + math.cos(a) * L, top + math.sin(a) * L + L * 0.25), 24)
                d.line(path, fill=hx("#3f7a45"), width=SS * 2)
                for q in range(2, 24, 2):
                    px_, py_ = path[q]
                    nx_, ny_ = path[q + 1]
                    ang = math.atan2(ny_ - py_, nx_ - px_)
                    ln = h * 0.04 * s * math.sin(math.pi * q / 24)
                    for sd_ in (1, -1):
                        d.polygon(leaf_pts(px_, py_, ln, ln * 0.35, ang + sd_ * 1.0), fill=hx("#5aa05a"))
        # pot
        d = ImageDraw.Draw(img)
        shadow(img, lambda dd: dd.ellipse([x - pw * 1.1, base - h * 0.015, x + pw * 1.3, base + h * 0.02]), 6 * SS, alpha=0.25)
        pm = poly_mask((w, h), [(x - pw, top), (x + pw, top), (x + pw * 0.78, base), (x - pw * 0.78, base)])
        img.paste(hgrad(w, h, [(0, pc), ((x - pw * 0.4) / w, lighten(pc, 0.12)), ((x + pw) / w, darken(pc, 0.15)), (1, darken(pc, 0.15))]),
                  (0, 0), pm)
        d = ImageDraw.Draw(img)
        d.rectangle([x - pw * 1.04, top - ph * 0.02, x + pw * 1.04, top + ph * 0.16], fill=lighten(pc, 0.06))
        if pots[k][1] in ("white", "mustard"):
            for q in range(3):
                yy = top + ph * (0.35 + 0.2 * q)
                d.line([x - pw * 0.8, yy, x + pw * 0.8, yy], fill=darken(pc, 0.2), width=SS * 3)
    return img


def scene_abstract(w, h, rng, v):
    if v in ("grid1", "grid2"):
        pal = (["#f2e8d5", "#e4a33a", "#d1553b", "#23395b", "#3f8f8a"] if v == "grid1"
               else ["#f7e1d7", "#ef8a7a", "#1f4e4a", "#e8c27a", "#2c2c34"])
        img = Image.new("RGB", (w, h), hx(pal[0]))
        d = ImageDraw.Draw(img)
        n = 3
        m = w * 0.08
        cs = (w - 2 * m) / n
        for gy in range(n):
            for gx in range(n):
                x0, y0 = m + gx * cs, m + gy * cs
                x1, y1 = x0 + cs, y0 + cs
                bg, fg, fg2 = rng.sample(pal, 3)
                d.rectangle([x0, y0, x1, y1], fill=hx(bg))
                motif = rng.randrange(7)
                if motif == 0:
                    corner = rng.randrange(4)
                    cxs = [x0, x1, x1, x0][corner]
                    cys = [y0, y0, y1, y1][corner]
                    d.pieslice([cxs - cs, cys - cs, cxs + cs, cys + cs], [0, 90, 180, 270][corner], [90, 180, 270, 360][corner],
                               fill=hx(fg))
                elif motif == 1:
                    if rng.random() < 0.5:
                        d.pieslice([x0, y0 + cs * 0.5 - cs * 0.5, x1, y1], 180, 360, fill=hx(fg))
                    else:
                        d.pieslice([x0, y0, x1, y1], 0, 180, fill=hx(fg))
                elif motif == 2:
                    circle(d, (x0 + x1) / 2, (y0 + y1) / 2, cs * 0.38, fill=hx(fg))
                    circle(d, (x0 + x1) / 2, (y0 + y1) / 2, cs * 0.18, fill=hx(fg2))
                elif motif == 3:
                    d.polygon([(x0, y1), (x1, y1), (x0, y0)] if rng.random() < 0.5 else [(x0, y0), (x1, y0), (x1, y1)], fill=hx(fg))
                elif motif == 4:
                    for k in range(5):
                        yy = y0 + cs * (k + 0.5) / 5
                        d.line([x0 + cs * 0.12, yy, x1 - cs * 0.12, yy], fill=hx(fg), width=int(cs * 0.07))
                elif motif == 5:
                    for k in range(3, 0, -1):
                        circle(d, x0, y1, cs * k / 3, fill=hx([fg, fg2, bg][k % 3]))
                else:
                    d.rectangle([x0 + cs * 0.2, y0 + cs * 0.2, x1 - cs * 0.2, y1 - cs * 0.2], fill=hx(fg))
                    circle(d, x1 - cs * 0.2, y0 + cs * 0.2, cs * 0.15, fill=hx(fg2))
        # clip overflow from pieslices to grid with a frame
        d.rectangle([0, 0, w, m], fill=hx(pal[0]))
        d.rectangle([0, h - m, w, h], fill=hx(pal[0]))
        d.rectangle([0, 0, m, h], fill=hx(pal[0]))
        d.rectangle([w - m, 0, w, h], fill=hx(pal[0]))
        return img
    if v == "arches":
        img = Image.new("RGB", (w, h), hx("#f4e9dc"))
        d = ImageDraw.Draw(img)
        circle(d, w * 0.7, h * 0.26, w * 0.09, fill=hx("#e9a23b"))
        cols = ["#c8553d", "#e9a27c", "#f2d0a4", "#6f8f72", "#2f4858"]
        cx, by = w * 0.45, h * 0.82
        for k, c in enumerate(cols):
            R = w * (0.36 - 0.065 * k)
            d.pieslice([cx - R, by - R, cx + R, by + R], 180, 360, fill=hx(c))
        d.rectangle([cx - w * 0.36, by - 1, cx + w * 0.36 if False else cx - w * 0.36, by], fill=hx("#f4e9dc"))
        R = w * 0.36 - 0.065 * w * 5
        d.pieslice([cx - R, by - R, cx + R, by + R], 180, 360, fill=hx("#f4e9dc"))
        d.rectangle([0, by, w, h], fill=hx("#e7d6c1"))
        for k in range(4):
            d.line([w * 0.1, by + h * 0.04 + k * h * 0.03, w * 0.9, by + h * 0.04 + k * h * 0.03], fill=hx("#d9c3a8"), width=SS * 2)
        # little plant leaves
        for j in range(5):
            d.polygon(leaf_pts(w * 0.86, by, h * 0.14, h * 0.05, math.radians(-90 + (j - 2) * 22)), fill=hx("#6f8f72"))
        return img
    if v == "circles":
        img = Image.new("RGB", (w, h), hx("#f5efe6"))
        cols = ["#ff6b6b", "#4ecdc4", "#ffd166", "#5a67d8", "#f78fb3"]
        for k in range(7):
            layer = Image.new("RGB", (w, h), (255, 255, 255))
            d = ImageDraw.Draw(layer)
            r = w * rng.uniform(0.14, 0.3)
            circle(d, w * rng.uniform(0.2, 0.8), h * rng.uniform(0.2, 0.8), r, fill=hx(cols[k % len(cols)]))
            img = ImageChops.multiply(img, layer)
        d = ImageDraw.Draw(img)
        for k in range(22):
            d.line([w * 0.08, h * (0.1 + k * 0.008) , w * 0.3, h * (0.1 + k * 0.008)], fill=hx("#2b2b3a"), width=SS) if k % 2 == 0 else None
        return img
    if v == "waves":
        cols = [ramp([(0, "#fde2b3"), (0.35, "#f79d84"), (0.7, "#a95aa0"), (1, "#2f2a6b")], k / 7) for k in range(8)]
        img = Image.new("RGB", (w, h), cols[0])
        circle(ImageDraw.Draw(img), w * 0.5, h * 0.28, w * 0.14, fill=hx("#fff6e5"))
        for k in range(1, 8):
            base = h * (0.3 + 0.1 * k)
            pts = hills(rng, w, base, h * 0.035, waves=2)
            img.paste(vgrad(w, h, [(0, lighten(cols[k], 0.08)), (1, darken(cols[k], 0.08))], int(base - h * 0.05), int(base + h * 0.1)),
                      (0, 0), poly_mask((w, h), close_bottom(pts, w, h)))
        return img
    # synthwave sun
    img = vgrad(w, h, [(0, "#1a103d"), (0.45, "#4a1d6b"), (0.6, "#b8357f")], 0, int(h * 0.62))
    stars(img, rng, 150, h * 0.45)
    cx, cy, R = w * 0.5, h * 0.44, w * 0.26
    sunm = new_mask((w, h))
    sd = ImageDraw.Draw(sunm)
    circle(sd, cx, cy, R, fill=255)
    for k in range(7):
        yy = cy + R * (0.05 + 0.14 * k)
        sd.rectangle([0, yy, w, yy + R * 0.02 * (k + 1)], fill=0)
    glow(img, cx, cy, R * 2.2, "#ff5fa2", 0.45)
    img.paste(vgrad(w, h, [(0, "#ffe66d"), (0.5, "#ff9966"), (1, "#ff3d8b")], int(cy - R), int(cy + R)), (0, 0), sunm)
    hz = h * 0.62
    d = ImageDraw.Draw(img)
    # mountains
    pts = ridge(rng, w, hz - h * 0.04, h * 0.06, rough=0.5)
    pts = [(x, min(y, hz)) for x, y in pts]
    img.paste(hx("#2a1450"), (0, 0), poly_mask((w, h), close_bottom(pts, w, hz + 2)))
    img.paste(vgrad(w, h, [(0, "#1d0b3a"), (1, "#0b0420")], int(hz), h).crop((0, int(hz), w, h)), (0, int(hz)))
    d = ImageDraw.Draw(img, "RGBA")
    gc = (255, 79, 216, 200)
    for k in range(-12, 13):
        d.line([w / 2 + k * w * 0.04, hz, w / 2 + k * w * 0.25, h], fill=gc, width=SS * 2)
    for k in range(12):
        t = (k / 12) ** 2.2
        yy = hz + (h - hz) * t
        d.line([0, yy, w, yy], fill=gc, width=max(1, int(SS * (1 + 2 * t))))
    glow(img, w / 2, hz, w * 0.5, "#ff4fd8", 0.25, sy=0.15)
    return img


def scene_food(w, h, rng, v):
    bgc = {"poke": ("#e9e4da", "#ddd5c6"), "ramen": ("#2c3a47", "#243140"), "smoothie": ("#fbe3d6", "#f6d2c2")}[v]
    img = diag_grad(w, h, bgc[0], bgc[1])
    d = ImageDraw.Draw(img, "RGBA")
    if v == "ramen":
        # bamboo mat stripes
        for k in range(0, int(h), 14 * SS):
            d.line([0, k, w, k], fill=(255, 255, 255, 10), width=SS * 2)
    else:
        # linen napkin
        d.polygon([(w * 0.55, h * 0.62), (w * 1.05, h * 0.5), (w * 1.05, h * 1.05), (w * 0.7, h * 1.05)], fill=rgba("#ffffff", 0.55))
    cx, cy, R = w * 0.48, h * 0.48, w * 0.36
    # chopsticks / spoon
    if v != "smoothie":
        for k in range(2):
            x0, y0 = w * (0.86 + 0.04 * k), h * 0.06
            x1, y1 = w * (0.96 + 0.035 * k), h * 0.95
            shadow(img, lambda dd: dd.line([x0, y0, x1, y1], fill=255, width=int(9 * SS)), 4 * SS, alpha=0.3, offset=(6 * SS, 6 * SS))
            d = ImageDraw.Draw(img, "RGBA")
            d.polygon(tapered([(x0, y0), (x1, y1)], 6 * SS, 11 * SS), fill=hx("#c8935a" if v == "poke" else "#1c1c1c"))
    shadow(img, lambda dd: circle(dd, cx, cy, R), 16 * SS, alpha=0.35, offset=(10 * SS, 16 * SS))
    d = ImageDraw.Draw(img, "RGBA")
    bowl_c = {"poke": "#2f3b4a", "ramen": "#c0392b", "smoothie": "#ffffff"}[v]
    circle(d, cx, cy, R, fill=hx(bowl_c))
    circle(d, cx, cy, R * 0.95, fill=lighten(bowl_c, 0.15) if v != "smoothie" else hx("#f3efe9"))
    ri = R * 0.88
    if v == "poke":
        circle(d, cx, cy, ri, fill=hx("#f6f1e7"))
        # rice texture
        for _ in range(500):
            a, dist = rng.uniform(0, math.tau), ri * math.sqrt(rng.random())
            x, y = cx + math.cos(a) * dist, cy + math.sin(a) * dist
            d.ellipse([x - 3 * SS, y - 1.5 * SS, x + 3 * SS, y + 1.5 * SS], fill=(225, 218, 204, 255))
        segs = [("salmon", 0, 80), ("avocado", 80, 150), ("edamame", 150, 205), ("cabbage", 205, 255), ("cucumber", 255, 305),
                ("mango", 305, 360)]
        for kind, a0, a1 in segs:
            am = math.radians((a0 + a1) / 2)
            mx, my = cx + math.cos(am) * ri * 0.58, cy + math.sin(am) * ri * 0.58
            if kind == "salmon":
                for q in range(5):
                    aa = math.radians(a0 + 8 + q * 14)
                    px, py = cx + math.cos(aa) * ri * 0.62, cy + math.sin(aa) * ri * 0.62
                    pts = leaf_pts(px - math.cos(aa) * ri * 0.25, py - math.sin(aa) * ri * 0.25, ri * 0.5, ri * 0.18, aa, n=8)
                    d.polygon(pts, fill=hx("#f37b55"))
                    d.line([pts[2], pts[6]], fill=hx("#ffc2a8"), width=SS * 3)
            elif kind == "avocado":
                for q in range(5):
                    aa = math.radians(a0 + 6 + q * 13)
                    px, py = cx + math.cos(aa) * ri * 0.5, cy + math.sin(aa) * ri * 0.5
                    pts = leaf_pts(px, py, ri * 0.42, ri * 0.14, aa, bend=0.12)
                    d.polygon(pts, fill=hx("#3e7d3a"))
                    d.polygon(leaf_pts(px + math.cos(aa) * 4 * SS, py + math.sin(aa) * 4 * SS, ri * 0.38, ri * 0.1, aa, bend=0.12), fill=hx("#c6dd7a"))
            elif kind == "edamame":
                for q in range(22):
                    aa = math.radians(rng.uniform(a0 + 6, a1 - 6))
                    dist = rng.uniform(0.3, 0.85) * ri
                    circle(d, cx + math.cos(aa) * dist, cy + math.sin(aa) * dist, ri * 0.06, fill=hx("#7cbf4f"))
                    circle(d, cx + math.cos(aa) * dist - 3 * SS, cy + math.sin(aa) * dist - 3 * SS, ri * 0.02, fill=hx("#b4e07f"))
            elif kind == "cabbage":
                for q in range(6):
                    aa = math.radians(a0 + 8 + q * (a1 - a0 - 16) / 5.0)
                    dist = (0.45 + 0.3 * (q % 2)) * ri
                    x, y = cx + math.cos(aa) * dist, cy + math.sin(aa) * dist
                    circle(d, x, y, ri * 0.1, fill=hx("#e0457b"))
                    circle(d, x, y, ri * 0.085, fill=hx("#fbe3ec"))
                    circle(d, x, y, ri * 0.05, fill=hx("#f7c6d8"))
            elif kind == "cucumber":
                for q in range(7):
                    aa = math.radians(rng.uniform(a0 + 8, a1 - 8))
                    dist = rng.uniform(0.35, 0.8) * ri
                    x, y = cx + math.cos(aa) * dist, cy + math.sin(aa) * dist
                    circle(d, x, y, ri * 0.1, fill=hx("#3f7f3a"))
                    circle(d, x, y, ri * 0.085, fill=hx("#cfe8a5"))
                    circle(d, x, y, ri * 0.04, fill=hx("#e7f4cf"))
            else:
                for q in range(12):
                    aa = math.radians(rng.uniform(a0 + 6, a1 - 6))
                    dist = rng.uniform(0.3, 0.85) * ri
                    x, y = cx + math.cos(aa) * dist, cy + math.sin(aa) * dist
                    s = ri * 0.07
                    d.rounded_rectangle([x - s, y - s, x + s, y + s], radius=s * 0.3, fill=hx("#ffb627"))
        # sesame + centre
        circle(d, cx, cy, ri * 0.2, fill=hx("#f6f1e7"))
        for _ in range(70):
            a, dist = rng.uniform(0, math.tau), ri * 0.85 * math.sqrt(rng.random())
            x, y = cx + math.cos(a) * dist, cy + math.sin(a) * dist
            d.ellipse([x - 2 * SS, y - 1 * SS, x + 2 * SS, y + 1 * SS], fill=rng.choice([(250, 245, 230, 255), (40, 35, 35, 255)]))
    elif v == "ramen":
        broth = Image.new("RGB", (w, h))
        bm = new_mask((w, h))
        circle(ImageDraw.Draw(bm), cx, cy, ri, fill=255)
        broth = diag_grad(w, h, "#f0c27a", "#d9944a")
        img.paste(broth, (0, 0), bm)
        d = ImageDraw.Draw(img, "RGBA")
        # noodles
        for q in range(26):
            y = cy - ri * 0.2 + rng.uniform(-0.5, 0.6) * ri
            pts = []
            for i in range(40):
                x = cx - ri + 2 * ri * i / 39
                pts.append((x, y + math.sin(i * 0.8 + q) * 6 * SS))
            pts = [(x, y) for x, y in pts if (x - cx) ** 2 + (y - cy) ** 2 < (ri * 0.95) ** 2]
            if len(pts) > 2:
                d.line(pts, fill=(250, 224, 150, 255), width=4 * SS, joint="curve")
        # chashu
        for q in range(2):
            x, y = cx - ri * 0.45 + q * ri * 0.22, cy - ri * 0.35 + q * ri * 0.1
            circle(d, x, y, ri * 0.28, fill=hx("#9a5b3a"))
            circle(d, x, y, ri * 0.23, fill=hx("#f3d3b3"))
            d.arc([x - ri * 0.15, y - ri * 0.15, x + ri * 0.15, y + ri * 0.15], 20, 250, fill=hx("#d9a47d"), width=SS * 4)
        # eggs
        for q in range(2):
            x, y = cx + ri * 0.4 + q * ri * 0.15, cy + ri * 0.25 - q * ri * 0.38
            d.ellipse([x - ri * 0.2, y - ri * 0.16, x + ri * 0.2, y + ri * 0.16], fill=hx("#fffaf0"))
            d.ellipse([x - ri * 0.11, y - ri * 0.09, x + ri * 0.11, y + ri * 0.09], fill=hx("#f6a623"))
            circle(d, x - ri * 0.03, y - ri * 0.02, ri * 0.03, fill=hx("#ffd27a"))
        # nori
        d.polygon([(cx - ri * 0.1, cy - ri * 0.95), (cx + ri * 0.35, cy - ri * 0.82), (cx + ri * 0.25, cy - ri * 0.3), (cx - ri * 0.18, cy - ri * 0.4)],
                  fill=hx("#1f2a22"))
        # naruto
        x, y = cx - ri * 0.4, cy + ri * 0.45
        circle(d, x, y, ri * 0.14, fill=hx("#fff8f3"))
        d.arc([x - ri * 0.09, y - ri * 0.09, x + ri * 0.09, y + ri * 0.09], 0, 300, fill=hx("#f06292"), width=SS * 4)
        d.arc([x - ri * 0.04, y - ri * 0.04, x + ri * 0.04, y + ri * 0.04], 90, 380, fill=hx("#f06292"), width=SS * 3)
        # scallions
        for q in range(30):
            a, dist = rng.uniform(0, math.tau), ri * 0.85 * math.sqrt(rng.random())
            x, y = cx + math.cos(a) * dist, cy + math.sin(a) * dist
            circle(d, x, y, ri * 0.03, fill=hx("#5fa83a"))
            circle(d, x, y, ri * 0.015, fill=hx("#c9e89a"))
        # oil droplets
        for q in range(30):
            a, dist = rng.uniform(0, math.tau), ri * 0.9 * math.sqrt(rng.random())
            circle(d, cx + math.cos(a) * dist, cy + math.sin(a) * dist, rng.uniform(2, 6) * SS, fill=(255, 236, 180, 120))
    else:
        sm = new_mask((w, h))
        circle(ImageDraw.Draw(sm), cx, cy, ri, fill=255)
        img.paste(diag_grad(w, h, "#e76f9a", "#c94a86"), (0, 0), sm)
        d = ImageDraw.Draw(img, "RGBA")
        # rows of toppings
        for q in range(6):  # banana
            x, y = cx - ri * 0.55 + q * ri * 0.2, cy - ri * 0.45
            circle(d, x, y, ri * 0.11, fill=hx("#fbeec1"))
            for k in range(3):
                a = math.radians(k * 120 + 30)
                circle(d, x + math.cos(a) * ri * 0.03, y + math.sin(a) * ri * 0.03, ri * 0.01, fill=hx("#d9c58a"))
        for q in range(5):  # kiwi
            x, y = cx - ri * 0.45 + q * ri * 0.22, cy - ri * 0.15
            circle(d, x, y, ri * 0.11, fill=hx("#8a6a3a"))
            circle(d, x, y, ri * 0.1, fill=hx("#8cc63f"))
            circle(d, x, y, ri * 0.04, fill=hx("#f3f6d6"))
            for k in range(10):
                a = math.radians(k * 36)
                circle(d, x + math.cos(a) * ri * 0.06, y + math.sin(a) * ri * 0.06, ri * 0.008, fill=hx("#1a1a1a"))
        for q in range(14):  # blueberries
            x, y = cx - ri * 0.65 + (q % 7) * ri * 0.2 + rng.uniform(-5, 5) * SS, cy + ri * 0.12 + (q // 7) * ri * 0.12
            circle(d, x, y, ri * 0.055, fill=hx("#3b3f8f"))
            circle(d, x - ri * 0.015, y - ri * 0.015, ri * 0.012, fill=hx("#8e93d6"))
        for q in range(5):  # strawberries halves
            x, y = cx - ri * 0.45 + q * ri * 0.22, cy + ri * 0.48
            d.polygon([(x - ri * 0.09, y - ri * 0.08), (x + ri * 0.09, y - ri * 0.08), (x, y + ri * 0.12)], fill=hx("#e63946"))
            circle(d, x - ri * 0.045, y - ri * 0.07, ri * 0.05, fill=hx("#e63946"))
            circle(d, x + ri * 0.045, y - ri * 0.07, ri * 0.05, fill=hx("#e63946"))
            circle(d, x, y - ri * 0.02, ri * 0.04, fill=hx("#ff9aa2"))
        for _ in range(60):  # granola / chia
            a, dist = rng.uniform(0, math.tau), ri * 0.95 * math.sqrt(rng.random())
            x, y = cx + math.cos(a) * dist, cy + math.sin(a) * dist
            circle(d, x, y, rng.uniform(1.2, 2.5) * SS, fill=(40, 30, 30, 200))
        for _ in range(12):
            x, y = cx + ri * 0.7 + rng.uniform(-0.08, 0.08) * ri, cy + rng.uniform(-0.4, 0.4) * ri
            d.rounded_rectangle([x - 9 * SS, y - 6 * SS, x + 9 * SS, y + 6 * SS], radius=4 * SS, fill=hx("#d4a15a"))
        for k in range(4):  # mint
            d.polygon(leaf_pts(cx + ri * 0.55, cy - ri * 0.55, ri * 0.18, ri * 0.09, math.radians(-60 + k * 40)), fill=hx("#4caf50"))
    return img


# --------------------------------------------------------------------------
# Photo & background lists
# --------------------------------------------------------------------------

PHOTOS = [
    (scene_mountains, "sunset"), (scene_coffee, "top"), (scene_city, "night"), (scene_beach, "day"),
    (scene_abstract, "grid1"), (scene_forest, "misty"), (scene_food, "poke"), (scene_night, "milkyway"),
    (scene_lake, "alpine"), (scene_plants, "sage"), (scene_desert, "dunes"), (scene_balloons, "morning"),
    (scene_fruit, "citrus"), (scene_city, "sunset"), (scene_abstract, "arches"), (scene_mountains, "dawn"),
    (scene_food, "ramen"), (scene_beach, "sunset"), (scene_night, "aurora"), (scene_coffee, "side"),
    (scene_forest, "autumn"), (scene_abstract, "synth"), (scene_lake, "sunset"), (scene_plants, "pink"),
    (scene_desert, "mesa"), (scene_city, "day"), (scene_fruit, "bowl"), (scene_mountains, "day"),
    (scene_abstract, "circles"), (scene_night, "moon"), (scene_food, "smoothie"), (scene_beach, "pastel"),
    (scene_forest, "winter"), (scene_city, "bluehour"), (scene_abstract, "waves"), (scene_desert, "night"),
    (scene_lake, "moon"), (scene_plants, "blue"), (scene_balloons, "sunset"), (scene_mountains, "mist"),
]

BACKGROUNDS = [
    (scene_mountains, "sunset"),
    (scene_beach, "pastel"),
    (scene_night, "milkyway"),
]


def render(fn, variant, size, seed, grain=2.2):
    W, H = size
    rng = random.Random(seed)
    big = fn(W * SS, H * SS, rng, variant)
    small = big.convert("RGB").resize((W, H), Image.LANCZOS)
    return add_grain(small, grain, seed)


# --------------------------------------------------------------------------
# Avatars
# --------------------------------------------------------------------------

SKIN = {
    "porcelain": "#fbe1cf", "light": "#f6d2b6", "fair": "#efc29c", "medium": "#dba27a",
    "tan": "#c7895f", "brown": "#a26a48", "deep": "#7b4a32", "ebony": "#5a3424",
}

AVATARS = [
    # 00: current user
    dict(bg=("#8fd3f4", "#84fab0"), skin="medium", hair="#3b2a22", style="sidepart", shirt="#2f4b7c", glasses=True),
    dict(bg=("#fbc2eb", "#f6d6e6"), skin="light", hair="#e9c46a", style="long", shirt="#e76f51", earrings="#ffd166"),
    dict(bg=("#ffe29f", "#ffa99f"), skin="deep", hair="#1f1a1c", style="afro", shirt="#2a9d8f"),
    dict(bg=("#c1f0d8", "#a8e6cf"), skin="fair", hair="#7b4a2e", style="bun", shirt="#f4a261", freckles=True),
    dict(bg=("#d9c8ff", "#b8c0ff"), skin="brown", hair="#2b2024", style="bald", shirt="#ffb703", beard=True, glasses=True),
    dict(bg=("#ffd6a5", "#ffc3a0"), skin="porcelain", hair="#c8602f", style="bob", shirt="#457b9d", freckles=True),
    dict(bg=("#a0d8ef", "#c7e9fb"), skin="light", hair="#1d1b22", style="ponytail", shirt="#e63946"),
    dict(bg=("#ffb88c", "#ffd3a5"), skin="tan", hair="#5a3a28", style="quiff", shirt="#264653"),
    dict(bg=("#e0c3fc", "#f5c6ec"), skin="medium", hair="#8d5bd0", style="wavy", shirt="#06d6a0", earrings="#ffffff"),
    dict(bg=("#b7e4c7", "#d8f3dc"), skin="tan", hair="#161417", style="curtain", shirt="#ef476f"),
    dict(bg=("#9bc5ff", "#c3dafe"), skin="light", hair="#a0673c", style="beanie", shirt="#3d405b", beard=True,
         hat="#f2cc8f"),
    dict(bg=("#fff1d6", "#ffe0b5"), skin="fair", hair="#d6d3cf", style="short", shirt="#6d597a", glasses=True),
    dict(bg=("#b5ead7", "#e2f0cb"), skin="medium", hair="#2b2024", style="hijab", shirt="#b56576", scarf="#d06f8b"),
    dict(bg=("#8ee3dc", "#b9f3e4"), skin="ebony", hair="#161417", style="curlyshort", shirt="#f4a261"),
    dict(bg=("#ff9a9e", "#fecfef"), skin="tan", hair="#f2d27b", style="buzz", shirt="#118ab2"),
    dict(bg=("#a1c4fd", "#c2e9fb"), skin="porcelain", hair="#f28fb0", style="spacebuns", shirt="#7b2cbf"),
]


def avatar(cfg):
    S = AVATAR_SIZE * AV_SS
    base = S / 960.0  # design grid is 960x960
    Z = 1.16  # zoom of the character around (480, 500) so the face fills the frame
    k = base * Z

    def P(*v):
        return [((x - 480) * Z + 480) * base if i % 2 == 0 else ((x - 500) * Z + 500) * base
                for i, x in enumerate(v)]

    img = diag_grad(S, S, cfg["bg"][0], cfg["bg"][1])
    # subtle decorative circles in the background
    d = ImageDraw.Draw(img, "RGBA")
    circle(d, 150 * base, 170 * base, 120 * base, fill=(255, 255, 255, 50))
    circle(d, 830 * base, 760 * base, 170 * base, fill=(255, 255, 255, 40))
    skin = hx(SKIN[cfg["skin"]])
    skin_sh = darken(skin, 0.12)
    hair = hx(cfg["hair"])
    hair_hl = lighten(hair, 0.18)
    shirt = hx(cfg["shirt"])
    style = cfg["style"]
    hcx, hcy, hrx, hry = 480, 445, 168, 192  # head ellipse

    layer = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)

    def E(cx, cy, rx, ry, **kw):
        d.ellipse(P(cx - rx, cy - ry, cx + rx, cy + ry), **kw)

    # --- back hair -------------------------------------------------------
    if style == "long":
        d.rounded_rectangle(P(290, 260, 670, 800), radius=150 * k, fill=hair)
    elif style == "wavy":
        for i in range(9):
            y = 330 + i * 55
            for side in (-1, 1):
                E(480 + side * (175 + 18 * math.sin(i * 1.3)), y, 70, 60, fill=hair)
        E(480, 420, 220, 220, fill=hair)
    elif style == "bob":
        d.rounded_rectangle(P(285, 250, 675, 640), radius=140 * k, fill=hair)
    elif style == "afro":
        for i in range(22):
            a = i / 22 * math.tau
            E(480 + math.cos(a) * 205, 395 + math.sin(a) * 190, 85, 85, fill=hair)
        E(480, 395, 230, 215, fill=hair)
    elif style == "ponytail":
        d.polygon(P(600, 300, 730, 360, 760, 560, 700, 660, 660, 520), fill=hair)
        E(700, 470, 70, 150, fill=hair)
    elif style == "curtain":
        d.rounded_rectangle(P(295, 250, 665, 760), radius=160 * k, fill=hair)
    elif style == "bun":
        E(480, 215, 95, 85, fill=hair)
        E(455, 195, 40, 25, fill=hair_hl)
    elif style == "spacebuns":
        E(330, 250, 85, 85, fill=hair)
        E(630, 250, 85, 85, fill=hair)
        E(310, 230, 30, 22, fill=hair_hl)
        E(610, 230, 30, 22, fill=hair_hl)
    elif style == "hijab":
        scarf = hx(cfg["scarf"])
        d.rounded_rectangle(P(270, 215, 690, 900), radius=210 * k, fill=scarf)
        d.polygon(P(200, 960, 760, 960, 690, 640, 270, 640), fill=scarf)

    # --- body ------------------------------------------------------------
    d.rounded_rectangle(P(175, 705, 785, 1250), radius=230 * k, fill=shirt)
    if style == "hijab":
        d.polygon(P(210, 960, 750, 960, 700, 700, 260, 700), fill=hx(cfg["scarf"]))
        d.pieslice(P(260, 520, 700, 900), 0, 180, fill=hx(cfg["scarf"]))
    # neck
    if style != "hijab":
        d.rounded_rectangle(P(422, 560, 538, 730), radius=40 * k, fill=skin_sh)
        d.chord(P(405, 670, 555, 780), 0, 180, fill=skin_sh)
        # collar
        d.arc(P(395, 665, 565, 795), 10, 170, fill=lighten(shirt, 0.2), width=int(16 * k))
    if style in ("long", "curtain", "wavy"):
        # hair strands falling over the shoulders in front
        pass

    # --- ears ------------------------------------------------------------
    if style not in ("hijab",):
        E(hcx - hrx + 4, 470, 34, 46, fill=skin)
        E(hcx + hrx - 4, 470, 34, 46, fill=skin)
        E(hcx - hrx + 6, 472, 16, 26, fill=skin_sh)
        E(hcx + hrx - 6, 472, 16, 26, fill=skin_sh)
        if cfg.get("earrings"):
            E(hcx - hrx + 2, 530, 14, 14, fill=hx(cfg["earrings"]))
            E(hcx + hrx - 2, 530, 14, 14, fill=hx(cfg["earrings"]))

    # --- head ------------------------------------------------------------
    head_box = P(hcx - hrx, hcy - hry, hcx + hrx, hcy + hry)
    d.ellipse(head_box, fill=skin)

    # --- front hair (cap minus face opening) -----------------------------
    def hair_cap(top_pad, side_pad, hairline, bottom=470, col=hair):
        m = Image.new("L", (S, S), 0)
        md = ImageDraw.Draw(m)
        md.ellipse(P(hcx - hrx - side_pad, hcy - hry - top_pad, hcx + hrx + side_pad, hcy + hry - 40), fill=255)
        md.rectangle(P(0, bottom, 960, 960), fill=0)
        face = []
        for x in range(int(hcx - hrx) - 2, int(hcx + hrx) + 3, 4):
            face += P(x, hairline(x))
        face += P(hcx + hrx + 2, 1100) + P(hcx - hrx - 2, 1100)
        md.polygon(face, fill=0)
        layer.paste(col + (255,), (0, 0), m)

    def rel(x):
        return (x - hcx) / hrx  # -1..1

    if style == "sidepart":
        hair_cap(38, 14, lambda x: 330 + 70 * max(0, rel(x)) ** 1.2 + 40 * abs(rel(x)) ** 4 - 15 * max(0, -rel(x)), bottom=455)
        E(440, 300, 150, 58, fill=hair)
        E(560, 285, 110, 50, fill=hair)
        d.arc(P(360, 250, 620, 400), 200, 280, fill=hair_hl, width=int(12 * k))
    elif style == "short":
        hair_cap(30, 10, lambda x: 335 + 50 * abs(rel(x)) ** 3, bottom=440)
        d.arc(P(360, 255, 600, 380), 210, 300, fill=hair_hl, width=int(12 * k))
    elif style == "buzz":
        hair_cap(14, 4, lambda x: 322 + 60 * abs(rel(x)) ** 3, bottom=420)
    elif style == "quiff":
        hair_cap(28, 8, lambda x: 335 + 60 * abs(rel(x)) ** 3, bottom=440)
        # pompadour swept up and to the right
        E(500, 268, 178, 92, fill=hair)
        E(410, 300, 100, 60, fill=hair)
        d.arc(P(380, 190, 640, 330), 205, 290, fill=hair_hl, width=int(14 * k))
    elif style in ("long", "curtain"):
        if style == "long":
            hair_cap(34, 22, lambda x: 320 + 120 * abs(rel(x) + 0.25) ** 1.6, bottom=760)
        else:
            hair_cap(34, 22, lambda x: 305 + 150 * abs(rel(x)) ** 1.1, bottom=760)
        d.arc(P(340, 250, 620, 420), 200, 260, fill=hair_hl, width=int(12 * k))
    elif style == "wavy":
        hair_cap(40, 30, lambda x: 315 + 130 * abs(rel(x) - 0.2) ** 1.5, bottom=720)
    elif style == "bob":
        hair_cap(36, 22, lambda x: 372 + 8 * math.sin(x / 20.0), bottom=640)
        d.arc(P(340, 250, 620, 420), 200, 260, fill=hair_hl, width=int(12 * k))
    elif style == "afro":
        hair_cap(50, 40, lambda x: 330 + 40 * abs(rel(x)) ** 2, bottom=500)
    elif style == "ponytail":
        hair_cap(30, 12, lambda x: 330 + 70 * max(0, -rel(x)) ** 1.3 + 30 * rel(x) ** 4, bottom=470)
        E(668, 345, 34, 34, fill=hx("#ffd166"))
    elif style in ("bun", "spacebuns"):
        hair_cap(28, 12, lambda x: 320 + 70 * abs(rel(x)) ** 2, bottom=480)
        d.line(P(480, 255, 480, 330), fill=darken(hair, 0.15), width=int(8 * k))
    elif style == "curlyshort":
        hair_cap(22, 10, lambda x: 328 + 60 * abs(rel(x)) ** 3, bottom=430)
        for i in range(15):
            a = math.radians(195 + i * 10.5)
            E(hcx + math.cos(a) * 175, hcy - 10 + math.sin(a) * 205, 38, 38, fill=hair)
        for i in range(10):
            E(360 + i * 26, 300 + 15 * math.sin(i), 18, 18, fill=darken(hair, 0.2) if i % 2 else hair)
    elif style == "beanie":
        hair_cap(20, 10, lambda x: 390, bottom=470)
        hat = hx(cfg["hat"])
        d.chord(P(hcx - hrx - 20, hcy - hry - 50, hcx + hrx + 20, hcy + hry - 20), 180, 360, fill=hat)
        d.rounded_rectangle(P(hcx - hrx - 28, 320, hcx + hrx + 28, 395), radius=30 * k, fill=darken(hat, 0.1))
        for i in range(9):
            x = hcx - hrx - 10 + i * 42
            d.line(P(x, 330, x, 385), fill=darken(hat, 0.22), width=int(8 * k))
        E(480, 225, 45, 45, fill=lighten(hat, 0.2))
    elif style == "hijab":
        scarf = hx(cfg["scarf"])
        m = Image.new("L", (S, S), 0)
        md = ImageDraw.Draw(m)
        md.ellipse(P(hcx - hrx - 40, hcy - hry - 40, hcx + hrx + 40, hcy + hry + 60), fill=255)
        md.ellipse(P(hcx - hrx + 20, 330, hcx + hrx - 20, hcy + hry + 8), fill=0)
        md.rectangle(P(hcx - hrx + 20, 460, hcx + hrx - 20, 700), fill=0)
        md.ellipse(P(hcx - hrx + 20, 330, hcx + hrx - 20, 700), fill=0)
        layer.paste(scarf + (255,), (0, 0), m)
        d.arc(P(hcx - hrx - 20, hcy - hry - 25, hcx + hrx + 20, hcy + hry + 40), 200, 250, fill=lighten(scarf, 0.25),
              width=int(14 * k))

    # --- face ------------------------------------------------------------
    ey = 470
    dark = hx("#2b2230")
    brow = darken(hair, 0.25) if style not in ("hijab",) else hx("#2b2024")
    if cfg["hair"] in ("#d6d3cf", "#f2d27b", "#e9c46a", "#f28fb0", "#8d5bd0"):
        brow = mix(hair, "#6b4a3a", 0.55)
    for side in (-1, 1):
        ex = hcx + side * 70
        E(ex, ey, 19, 25, fill=dark)
        E(ex + 6, ey - 8, 7, 7, fill=(255, 255, 255))
        d.arc(P(ex - 40, ey - 80, ex + 40, ey - 20), 220 if side < 0 else 230, 310 if side < 0 else 320, fill=brow,
              width=int(13 * k))
    # cheeks
    blush = Image.new("L", (S, S), 0)
    bd = ImageDraw.Draw(blush)
    for side in (-1, 1):
        bd.ellipse(P(hcx + side * 105 - 36, 525 - 22, hcx + side * 105 + 36, 525 + 22), fill=110)
    blush = blush.filter(ImageFilter.GaussianBlur(10 * k))
    layer.paste((240, 110, 120, 255), (0, 0), ImageChops.multiply(blush, layer.getchannel("A")))
    if cfg.get("freckles"):
        for side in (-1, 1):
            for (fx, fy) in ((0, 0), (18, 12), (-16, 14), (6, 26)):
                E(hcx + side * 100 + fx, 515 + fy, 5, 5, fill=darken(skin, 0.25))
    # nose
    d.arc(P(462, 480, 498, 530), 20, 160, fill=skin_sh, width=int(10 * k))
    # beard
    if cfg.get("beard"):
        m = Image.new("L", (S, S), 0)
        md = ImageDraw.Draw(m)
        md.ellipse(head_box, fill=255)
        md.rectangle(P(0, 0, 960, 515), fill=0)
        md.ellipse(P(hcx - hrx - 10, 380, hcx + hrx + 10, 560), fill=0)
        md.ellipse(P(430, 500, 530, 560), fill=255)
        layer.paste(darken(hair, 0.05) + (255,), (0, 0), m)
        d.chord(P(420, 520, 540, 560), 180, 360, fill=darken(hair, 0.05))
        # mouth
        d.chord(P(440, 555, 520, 600), 0, 180, fill=hx("#7a2f3a"))
    else:
        d.chord(P(428, 548, 532, 612), 0, 180, fill=hx("#8a2f3f"))
        d.chord(P(440, 548, 520, 566), 0, 180, fill=(255, 255, 255))
        d.chord(P(455, 580, 505, 612), 200, 340, fill=hx("#e26d7f"))
    # glasses
    if cfg.get("glasses"):
        gc = hx("#2b2230") if cfg["skin"] not in ("deep", "ebony") else hx("#f2c14e")
        for side in (-1, 1):
            ex = hcx + side * 72
            d.rounded_rectangle(P(ex - 50, ey - 40, ex + 50, ey + 38), radius=28 * k, outline=gc, width=int(11 * k))
        d.arc(P(458, 440, 502, 480), 200, 340, fill=gc, width=int(10 * k))
        d.line(P(hcx - 122, ey - 15, hcx - hrx + 4, ey - 25), fill=gc, width=int(10 * k))
        d.line(P(hcx + 122, ey - 15, hcx + hrx - 4, ey - 25), fill=gc, width=int(10 * k))

    img.paste(layer, (0, 0), layer)
    return img.resize((AVATAR_SIZE, AVATAR_SIZE), Image.LANCZOS)


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    only = [a for a in argv[1:] if a.startswith("--only=")]
    only = only[0].split("=", 1)[1].split(",") if only else None
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = args[0] if args else os.path.join(root, "Public", "images")
    for sub in ("avatars", "backgrounds", "photos"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)

    def want(tag):
        return only is None or any(tag.startswith(o) for o in only)

    for i, cfg in enumerate(AVATARS):
        tag = "avatars/%02d" % i
        if want(tag):
            avatar(cfg).save(os.path.join(out, tag + ".png"), optimize=True)
            print("wrote", tag + ".png")
    for i, (fn, var) in enumerate(BACKGROUNDS):
        tag = "backgrounds/%02d" % i
        if want(tag):
            render(fn, var, BG_SIZE, 1000 + i).save(os.path.join(out, tag + ".jpg"), quality=82, optimize=True,
                                                      progressive=True)
            print("wrote", tag + ".jpg")
    for i, (fn, var) in enumerate(PHOTOS):
        tag = "photos/%02d" % i
        if want(tag):
            render(fn, var, PHOTO_SIZE, 2000 + i).save(os.path.join(out, tag + ".jpg"), quality=80, optimize=True,
                                                        progressive=True)
            print("wrote", tag + ".jpg")


if __name__ == "__main__":
    main(sys.argv)
