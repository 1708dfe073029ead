"""Playing cards drawn as inline SVG: Spanish or French faces, light or dark theme.

Pure Python with no images or fonts to fetch. Every card is a standalone ``<svg>`` with
``role="img"``, an ``aria-label`` and a ``<title>`` given by the caller (``trainer.app.names``
words them), so a screen reader hears the card and its capture value (R1-R3). Suits differ by
shape as well as by colour, and each suit colour, which is also the colour of the corner index,
keeps a contrast of at least 4.5:1 against the card face of its theme. Spanish faces print 10, 11,
12 on sota, caballo and rey as a real deck does (V6), or J, Q, K if the learner prefers; a badge
gives the capture value wherever the corner shows something else.

>>> from trainer.cards import parse_card
>>> sota = card_svg(parse_card("jd"), label="sota of coins", width=56)
>>> ">10</text>" in sota and ">=8</text>" in sota and 'aria-label="sota of coins"' in sota
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from trainer.cards import Card, Suit
from trainer.text import marked


@dataclass(frozen=True)
class Theme:
    """The colours of one theme: card face, border, text ink, card back, one colour per suit and per highlight."""

    face: str
    border: str
    ink: str
    back: str
    suits: Mapping[Suit, str]
    marks: Mapping[str, str]


# Suit colours differ in hue and in lightness (dark olive < blue < crimson < amber on light cards),
# so red-green colour blindness still leaves four different greys; the shapes differ too.
THEMES: dict[str, Theme] = {
    "light": Theme(
        face="#fffdf8",
        border="#8c8576",
        ink="#23211d",
        back="#24447a",
        suits={Suit.COINS: "#a65e00", Suit.CUPS: "#bc1531", Suit.SWORDS: "#1b469c", Suit.CLUBS: "#2d3612"},
        marks={"played": "#c2185b", "taken": "#00796b", "selected": "#4338ca", "best": "#9a6700", "answer": "#15803d"},
    ),
    "dark": Theme(
        face="#1b1d23",
        border="#6b7080",
        ink="#ece8df",
        back="#2f4f86",
        suits={Suit.COINS: "#fbcb5c", Suit.CUPS: "#ff3c4c", Suit.SWORDS: "#5a9fff", Suit.CLUBS: "#94c360"},
        marks={"played": "#ff6fb0", "taken": "#4fd1c5", "selected": "#a5b4fc", "best": "#f5c451", "answer": "#86efac"},
    ),
}
STYLES = ("spanish", "french")
#: What the corners of Spanish court cards show: the numbers a real deck prints, or J, Q, K.
COURTS = ("printed", "letters")
#: The numbers a Spanish deck prints on sota, caballo and rey (V6); their capture values stay 8, 9, 10 (R3).
COURT_NUMBERS = {"J": 10, "Q": 11, "K": 12}
#: Highlight kind -> (words added to the text alternative, marked for translation; stroke dash pattern of the ring).
HIGHLIGHTS: dict[str, tuple[str, str]] = {
    "played": (marked("just played"), ""),
    "taken": (marked("taken"), "9 5"),
    "selected": (marked("selected"), "2 4"),
    "best": (marked("its suit's best card for the setenta"), "12 3"),
    "answer": (marked("part of the answer"), "1 7"),
}

#: The value badge's font size in card units (a card is 100 wide): 11 pixels or more on the smallest card the app
#: draws, 44 pixels wide. Its text is squeezed to the badge's width whatever the font.
BADGE_FONT = 25

_COURTS = {"J": "sota", "Q": "caballo", "K": "rey"}
_FONT = "Liberation Sans, Arial, Helvetica, sans-serif"
# Suit symbols centred on (0, 0), about 20 x 26 units; {c} is the suit colour, {bg} the card face.
_SHAPES: dict[str, dict[Suit, str]] = {
    "spanish": {
        Suit.COINS: (
            '<circle r="11" fill="{c}"/><circle r="7" fill="none" stroke="{bg}" stroke-width="1.8"/>'
            '<circle r="2.6" fill="{bg}"/>'
        ),
        Suit.CUPS: (
            '<path fill="{c}" d="M-10 -12H10C10 -3 6 1 2 2.5V7H6L8 12H-8L-6 7H-2V2.5C-6 1 -10 -3 -10 -12Z"/>'
            '<path d="M-8 -8H8" stroke="{bg}" stroke-width="1.6"/>'
        ),
        Suit.SWORDS: (
            '<path fill="{c}" d="M0 -15L3.6 -10V4H-3.6V-10Z"/><rect x="-9" y="3.5" width="18" height="3.8" rx="1.8" '
            'fill="{c}"/><rect x="-1.8" y="7" width="3.6" height="5.5" fill="{c}"/><circle cy="14" r="2.7" fill="{c}"/>'
            '<path d="M0 -9.5V2" stroke="{bg}" stroke-width="1.1"/>'
        ),
        Suit.CLUBS: (
            '<path fill="{c}" d="M-5.5 -10C-5.5 -16 5.5 -16 5.5 -10L2.5 11H-2.5Z"/><circle cx="5" cy="-4" r="2.3" '
            'fill="{c}"/><circle cx="-4.4" cy="1.5" r="2.1" fill="{c}"/><circle cx="3.3" cy="6.5" r="1.7" fill="{c}"/>'
            '<circle cy="12" r="2.8" fill="{c}"/><path d="M-1 -10V5" stroke="{bg}" stroke-linecap="round"/>'
        ),
    },
    "french": {
        Suit.COINS: '<path fill="{c}" d="M0 -13L9.5 0L0 13L-9.5 0Z"/>',
        Suit.CUPS: '<path fill="{c}" d="M0 11C-15 0 -12 -13 0 -5C12 -13 15 0 0 11Z"/>',
        Suit.CLUBS: (
            '<circle cy="-6" r="5.4" fill="{c}"/><circle cx="-6" cy="2.5" r="5.4" fill="{c}"/>'
            '<circle cx="6" cy="2.5" r="5.4" fill="{c}"/><path fill="{c}" d="M-1.5 1L-4.5 12H4.5L1.5 1Z"/>'
        ),
        Suit.SWORDS: (
            '<path fill="{c}" d="M0 -13C-4 -6 -11 -2 -11 4C-11 9 -4 10 -1 6L-3.5 12H3.5L1 6C4 10 11 9 11 4'
            'C11 -2 4 -6 0 -13Z"/>'
        ),
    },
}
# A five-pointed star centred on (0, 0), 22 units across.
_STAR = "M0 -11L3.1 -4.3L10.5 -3.4L5 1.7L6.5 9L0 5.4L-6.5 9L-5 1.7L-10.5 -3.4L-3.1 -4.3Z"
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((50, 42), (50, 108)),
    3: ((50, 38), (50, 75), (50, 112)),
    4: ((38, 44), (62, 44), (38, 106), (62, 106)),
    5: ((38, 40), (62, 40), (50, 75), (38, 110), (62, 110)),
    6: ((38, 38), (62, 38), (38, 75), (62, 75), (38, 112), (62, 112)),
    7: ((38, 38), (62, 38), (30, 75), (50, 75), (70, 75), (38, 112), (62, 112)),
}


def contrast_ratio(fg: str, bg: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours: 1.0 (same) up to 21.0 (black on white)."""
    lighter, darker = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def card_svg(
    card: Card,
    *,
    label: str | None = None,
    style: str = "spanish",
    theme: str = "light",
    highlight: str | None = None,
    width: int = 84,
    courts: str = "printed",
) -> str:
    """One card face as a standalone ``<svg>`` named ``label`` (by default its token, ``7♦``).

    ``highlight`` is None, "played", "taken" or "selected".

    ``courts`` applies to Spanish faces: "printed" shows 1 on the ace and 10, 11, 12 on the court
    cards (V6), "letters" shows A, J, Q, K as French faces always do.
    """
    colours = _theme(theme)
    if style not in STYLES:
        raise ValueError(f"unknown card style {style!r}: use one of {', '.join(STYLES)}")
    if courts not in COURTS:
        raise ValueError(f"unknown court numbering {courts!r}: use one of {', '.join(COURTS)}")
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown highlight {highlight!r}: use None or one of {', '.join(HIGHLIGHTS)}")
    parts = _face(card, style, colours, printed=style == "spanish" and courts == "printed")
    if highlight is not None:
        dash = HIGHLIGHTS[highlight][1]
        dashes = f' stroke-dasharray="{dash}" stroke-linecap="round"' if dash else ""
        parts.append(
            f'<rect class="highlight-{highlight}" x="2.5" y="2.5" width="95" height="145" rx="11" fill="none" '
            f'stroke="{colours.marks[highlight]}" stroke-width="4"{dashes}/>'
        )
    return _svg(str(card) if label is None else label, width, parts)


def corner_index(card: Card, *, style: str = "spanish", courts: str = "printed") -> str:
    """What a face prints in its corners: 2 to 7; A, J, Q, K, or on a printed Spanish deck 1, 10, 11, 12.

    >>> from trainer.cards import parse_card
    >>> [corner_index(parse_card(t)) for t in ("as", "7s", "js", "ks")]
    ['1', '7', '10', '12']
    >>> corner_index(parse_card("js"), courts="letters"), corner_index(parse_card("as"), style="french")
    ('J', 'A')
    """
    if style == "spanish" and courts == "printed":
        return str(COURT_NUMBERS.get(card.rank, card.value))
    return card.rank


def suit_svg(suit: Suit, *, style: str = "spanish", theme: str = "light", size: int = 16, label: str) -> str:
    """One suit symbol as a small standalone ``<svg>`` for a line of text, ``size`` pixels high."""
    colours = _theme(theme)
    if style not in STYLES:
        raise ValueError(f"unknown card style {style!r}: use one of {', '.join(STYLES)}")
    if size <= 0:
        raise ValueError(f"size must be a positive number of pixels, got {size}")
    symbol = _SHAPES[style][suit].format(c=colours.suits[suit], bg=colours.face)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{round(size * 0.8)}" height="{size}" viewBox="-12 -16 24 32" '
        f'role="img" aria-label={quoteattr(label)} style="vertical-align:-0.2em"><title>{escape(label)}</title>'
        f"{symbol}</svg>"
    )


def card_back_svg(*, theme: str = "light", width: int = 84, label: str = "face-down card") -> str:
    """A face-down card, named ``label``: a lattice of small diamonds around a plain medallion."""
    colours = _theme(theme)
    diamonds = "".join(f"M{x} {y - 4}l4 4l-4 4l-4 -4Z" for x in range(20, 81, 10) for y in range(24, 127, 10))
    white = 'stroke="#ffffff" stroke-opacity="0.7"'
    parts = [
        _outline(colours.back, colours.border),
        f'<rect x="12" y="12" width="76" height="126" rx="4" fill="none" {white}/>',
        f'<path d="{diamonds}" fill="#ffffff" fill-opacity="0.22"/>',
        f'<circle cx="50" cy="75" r="15" fill="{colours.back}" {white} stroke-width="2"/>',
        '<circle cx="50" cy="75" r="7" fill="#ffffff" fill-opacity="0.7"/>',
    ]
    return _svg(label, width, parts)


def stars_svg(earned: int, *, theme: str = "light", size: int = 32, label: str) -> str:
    """Three stars in a row, the first ``earned`` filled and the others drawn as outlines, each ``size`` pixels
    high; the picture is named ``label`` ("2 of 3 stars").

    >>> drawn = stars_svg(2, label="2 of 3 stars")
    >>> drawn.count("<path"), drawn.count('fill="none"'), 'aria-label="2 of 3 stars"' in drawn
    (3, 1, True)
    """
    if not 0 <= earned <= 3:
        raise ValueError(f"a level earns 0 to 3 stars, not {earned}")
    colours = _theme(theme)
    gold = colours.marks["best"]
    stars = [
        f'<path transform="translate({12 + 26 * n} 12)" d="{_STAR}" stroke-width="1.6" stroke-linejoin="round" '
        + (f'fill="{gold}" stroke="{gold}"/>' if n < earned else f'fill="none" stroke="{colours.border}"/>')
        for n in range(3)
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{round(size * 78 / 24)}" height="{size}" '
        f'viewBox="0 0 78 24" role="img" aria-label={quoteattr(label)}><title>{escape(label)}</title>'
        f"{''.join(stars)}</svg>"
    )


def row_html(svgs: list[str], gap: int = 6) -> str:
    """Several card SVGs in a flex ``<div>`` that wraps onto new lines on a narrow screen."""
    if gap < 0:
        raise ValueError(f"gap must be 0 or more pixels, got {gap}")
    style = f"display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-start"
    return f'<div class="card-row" style="{style}">{"".join(svgs)}</div>'


def _theme(name: str) -> Theme:
    """The colours of a theme by name, or a ValueError naming the themes there are."""
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r}: use one of {', '.join(THEMES)}")
    return THEMES[name]


def _face(card: Card, style: str, colours: Theme, printed: bool) -> list[str]:
    """The drawing of a card face: corner indices, pips or a court panel, and a value badge where needed."""
    ink = colours.suits[card.suit]
    symbol = _SHAPES[style][card.suit].format(c=ink, bg=colours.face)
    index = corner_index(card, style=style, courts="printed" if printed else "letters")
    size = 32 if len(index) == 1 else 23  # two digits fit the same corner
    corner = (
        f'<text x="19" y="{37 if len(index) == 1 else 34}" font-size="{size}" font-weight="700" text-anchor="middle" '
        f'fill="{ink}" letter-spacing="{0 if len(index) == 1 else -1}">{escape(index)}</text>'
        f'<g transform="translate(19 52) scale(0.55)">{symbol}</g>'
    )
    parts = [_outline(colours.face, colours.border), corner, f'<g transform="rotate(180 50 75)">{corner}</g>']
    if index != str(card.value):  # the corner is not the capture value (R3): a badge says it, upright at both ends
        parts += [
            f'<g class="badge"><rect x="{x}" y="{y}" width="44" height="28" rx="14" fill="{colours.ink}"/><text '
            f'x="{x + 22}" y="{y + 22}" font-size="{BADGE_FONT}" font-weight="700" text-anchor="middle" '
            f'textLength="{22 + 8 * len(str(card.value))}" lengthAdjust="spacingAndGlyphs" fill="{colours.face}">'
            f"={card.value}</text></g>"
            for x, y in ((49, 7), (7, 114))
        ]
    if card.rank == "A":
        parts.append(f'<g transform="translate(50 77) scale(1.9)">{symbol}</g>')
    elif card.rank in _COURTS:
        panel = f'fill="{ink}" fill-opacity="0.08" stroke="{ink}" stroke-width="1.2"'
        parts.append(f'<rect x="31" y="37" width="38" height="75" rx="4" {panel}/>')
        parts.append(f'<g transform="translate(50 {66 if style == "spanish" else 75}) scale(1.25)">{symbol}</g>')
        if style == "spanish":  # the Spanish name of the court card (R1) under its symbol
            word = escape(_COURTS[card.rank])
            parts.append(
                f'<text x="50" y="106" font-size="10.5" font-style="italic" text-anchor="middle" '
                f'fill="{colours.ink}">{word}</text>'
            )
    else:
        pip = 0.95 if card.value <= 3 else 0.8 if card.value <= 5 else 0.75
        parts += [f'<g transform="translate({x} {y}) scale({pip})">{symbol}</g>' for x, y in _PIPS[card.value]]
    return parts


def _outline(fill: str, border: str) -> str:
    """The rounded card shape, inset so a highlight ring fits around it."""
    return f'<rect x="6" y="6" width="88" height="138" rx="8" fill="{fill}" stroke="{border}" stroke-width="1.5"/>'


def _svg(label: str, width: int, parts: list[str]) -> str:
    """Wrap parts drawn on a 100 x 150 canvas into an accessible ``<svg>`` of the given pixel width."""
    if width <= 0:
        raise ValueError(f"width must be a positive number of pixels, got {width}")
    size = f'width="{width}" height="{round(width * 1.5)}" viewBox="0 0 100 150"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} role="img" aria-label={quoteattr(label)} '
        f'font-family="{_FONT}"><title>{escape(label)}</title>{"".join(parts)}</svg>'
    )
