"""The SVG card renderer: valid XML, text alternatives, suits told apart by shape and colour (R1-R3)."""

import itertools
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from trainer.app.svg import (
    _SHAPES,
    HIGHLIGHTS,
    STYLES,
    THEMES,
    card_back_svg,
    card_label,
    card_svg,
    contrast_ratio,
    row_html,
)
from trainer.cards import DECK, SUITS, parse_card

NS = "{http://www.w3.org/2000/svg}"
VARIANTS = list(itertools.product(STYLES, THEMES))


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def title(root: ET.Element) -> str | None:
    element = root.find(f"{NS}title")
    return None if element is None else element.text


def ring(svg: str) -> str:
    found = re.search(r'<rect class="highlight-[^>]*>', svg)
    return found.group() if found else ""


@pytest.mark.parametrize(("style", "theme"), VARIANTS)
def test_every_card_is_valid_svg_with_its_label_rank_and_value(style: str, theme: str) -> None:
    for card in DECK:
        root = ET.fromstring(card_svg(card, style=style, theme=theme))
        label = card_label(card)
        assert root.tag == f"{NS}svg" and root.get("role") == "img"
        assert root.get("aria-label") == label
        assert title(root) == label
        shown = texts(root)
        assert shown.count(card.rank) == 2  # the corner index, twice as on a real card
        assert str(card.value) in shown or f"={card.value}" in shown  # R3: the capture value is always visible


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("7d", "7 of coins (siete de oros), worth 7"),
        ("qh", "Q of cups (caballo de copas), worth 9"),
        ("1s", "ace of swords (as de espadas), worth 1"),
        ("jc", "J of clubs (sota de bastos), worth 8"),
        ("kd", "K of coins (rey de oros), worth 10"),
    ],
)
def test_labels_give_english_spanish_and_value(text: str, label: str) -> None:
    assert card_label(parse_card(text)) == label


def test_court_cards_show_value_badge_and_spanish_word_only_in_spanish_style() -> None:
    queen = parse_card("Q♥")
    spanish, french = (texts(ET.fromstring(card_svg(queen, style=s))) for s in ("spanish", "french"))
    assert "=9" in spanish and "caballo" in spanish
    assert "=9" in french and "caballo" not in french
    assert "=1" in texts(ET.fromstring(card_svg(parse_card("A♦"))))
    assert not any(t.startswith("=") for t in texts(ET.fromstring(card_svg(parse_card("5♦")))))


@pytest.mark.parametrize("style", STYLES)
def test_suits_differ_by_shape(style: str) -> None:
    shapes = {_SHAPES[style][suit] for suit in SUITS}
    assert len(shapes) == 4
    faces = {re.sub(r'="#[0-9a-f]{6}"', "", card_svg(parse_card(f"A{s.letter}"), style=style)) for s in SUITS}
    assert len(faces) == 4  # with every colour removed the four aces still differ


@pytest.mark.parametrize("theme", THEMES)
def test_suit_colours_differ_and_keep_contrast(theme: str) -> None:
    colours = THEMES[theme]
    assert len(set(colours.suits.values())) == 4
    for suit in SUITS:
        assert contrast_ratio(colours.suits[suit], colours.face) >= 3, suit
        assert colours.suits[suit] in card_svg(parse_card(f"3{suit.letter}"), theme=theme)
    # Lightness alone tells the suits apart, so red-green colour blindness does not merge two suits.
    for a, b in itertools.combinations(colours.suits.values(), 2):
        assert contrast_ratio(a, b) >= 1.2, (a, b)
    assert contrast_ratio(colours.ink, colours.face) >= 7


def test_contrast_ratio() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21)
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21)
    assert contrast_ratio("#777777", "#777777") == 1
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the classic AA grey


@pytest.mark.parametrize("kind", HIGHLIGHTS)
def test_highlight_draws_a_ring_and_says_so(kind: str) -> None:
    card = parse_card("7♦")
    plain, marked = card_svg(card), card_svg(card, highlight=kind)
    assert f"highlight-{kind}" not in plain and f"highlight-{kind}" in marked
    root = ET.fromstring(marked)
    assert root.get("aria-label") == f"{card_label(card)} — {HIGHLIGHTS[kind][0]}"
    assert title(root) == root.get("aria-label")
    assert root.get("aria-label", "").endswith("just played") == (kind == "played")


def test_highlights_look_different_from_each_other() -> None:
    rings = [ring(card_svg(DECK[0], highlight=kind)) for kind in HIGHLIGHTS]
    assert all(rings) and len({re.sub(r"highlight-\w+", "", r) for r in rings}) == 3
    dashes = [re.findall(r'stroke-dasharray="([^"]*)"', r) for r in rings]
    assert len({tuple(d) for d in dashes}) == 3  # solid, dashed, dotted: told apart without colour


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"style": "german"}, "unknown card style 'german'"),
        ({"theme": "sepia"}, "unknown theme 'sepia'"),
        ({"highlight": "won"}, "unknown highlight 'won'"),
        ({"width": 0}, "width must be a positive"),
    ],
)
def test_bad_options_raise_clear_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        card_svg(DECK[0], **kwargs)
    with pytest.raises(ValueError, match="unknown theme"):
        card_back_svg(theme="blue")


def test_width_sets_pixel_size_and_keeps_the_drawing() -> None:
    small, big = card_svg(DECK[5], width=56), card_svg(DECK[5], width=84)
    assert 'width="56" height="84"' in small and 'width="84" height="126"' in big
    assert small.replace('width="56" height="84"', 'width="84" height="126"') == big


@pytest.mark.parametrize("theme", THEMES)
def test_card_back(theme: str) -> None:
    root = ET.fromstring(card_back_svg(theme=theme, width=56))
    assert root.get("role") == "img" and root.get("aria-label") == "face-down card"
    assert title(root) == "face-down card"
    assert not texts(root)  # a face-down card gives nothing away


def test_row_html_wraps_cards_in_a_flex_row() -> None:
    svgs = [card_svg(card, width=56) for card in DECK[:3]] + [card_back_svg(width=56)]
    root = ET.fromstring(row_html(svgs, gap=4))
    assert root.tag == "div" and "flex-wrap:wrap" in root.get("style", "") and "gap:4px" in root.get("style", "")
    assert len(root) == 4
    with pytest.raises(ValueError, match="gap"):
        row_html(svgs, gap=-1)


def test_output_is_deterministic() -> None:
    for style, theme in VARIANTS:
        assert [card_svg(c, style=style, theme=theme) for c in DECK] == [
            card_svg(c, style=style, theme=theme) for c in DECK
        ]
    assert card_back_svg(theme="dark") == card_back_svg(theme="dark")
    assert len({card_svg(c) for c in DECK}) == 40


def test_text_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    nasty = 'A & B <i>"quoted"</i>'
    monkeypatch.setattr("trainer.app.svg.card_label", lambda card: nasty)
    root = ET.fromstring(card_svg(DECK[0]))
    assert root.get("aria-label") == nasty and title(root) == nasty
