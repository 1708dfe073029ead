"""The SVG card renderer: valid XML, text alternatives, suits told apart by shape and colour (R1-R3)."""

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from trainer.app import components
from trainer.app.board import as_image
from trainer.app.svg import (
    _SHAPES,
    COURTS,
    HIGHLIGHTS,
    STYLES,
    THEMES,
    card_back_svg,
    card_svg,
    contrast_ratio,
    corner_index,
    row_html,
    suit_svg,
)
from trainer.cards import DECK, SUITS, Card, parse_card

NS = "{http://www.w3.org/2000/svg}"
VARIANTS = list(itertools.product(STYLES, THEMES))


def draw(card: Card, **options: Any) -> str:
    """A card drawn with its token as its name, which is all these tests need of the label."""
    return card_svg(card, label=str(card), **options)


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def title(root: ET.Element) -> str | None:
    element = root.find(f"{NS}title")
    return None if element is None else element.text


def badge_groups(root: ET.Element) -> list[ET.Element]:
    """The value badges of a drawing: each a group of its pill and its text."""
    return [group for group in root.iter(f"{NS}g") if group.get("class") == "badge"]


def ring(svg: str) -> str:
    found = re.search(r'<rect class="highlight-[^>]*>', svg)
    return found.group() if found else ""


@pytest.mark.parametrize(("style", "theme", "courts"), list(itertools.product(STYLES, THEMES, COURTS)))
def test_every_card_is_valid_svg_with_its_label_index_and_value(style: str, theme: str, courts: str) -> None:
    for card in DECK:
        root = ET.fromstring(card_svg(card, label=f"name of {card}", style=style, theme=theme, courts=courts))
        assert root.tag == f"{NS}svg" and root.get("role") == "img"
        assert root.get("aria-label") == f"name of {card}" and title(root) == f"name of {card}"
        shown = texts(root)
        assert shown.count(corner_index(card, style=style, courts=courts)) == 2  # twice, as on a real card
        assert shown.count(str(card.value)) == 2 or shown.count(f"={card.value}") == 2  # R3: the value, at both ends


def test_spanish_courts_print_10_11_12_with_their_capture_value_in_a_badge() -> None:
    for rank, printed, value in (("J", "10", "=8"), ("Q", "11", "=9"), ("K", "12", "=10")):
        shown = texts(ET.fromstring(draw(parse_card(f"{rank}c"))))
        assert shown.count(printed) == 2 and shown.count(value) == 2 and rank not in shown  # V6
    letters = texts(ET.fromstring(draw(parse_card("Jc"), courts="letters")))
    assert letters.count("J") == 2 and "=8" in letters and "10" not in letters
    french = texts(ET.fromstring(draw(parse_card("Jc"), style="french", courts="printed")))
    assert french.count("J") == 2 and "=8" in french and "10" not in french  # French faces always print letters


def test_the_ace_prints_1_without_a_badge_on_a_spanish_deck_and_A_with_one_otherwise() -> None:
    ace = parse_card("A♦")
    assert texts(ET.fromstring(draw(ace))) == ["1", "1"]
    assert sorted(texts(ET.fromstring(draw(ace, courts="letters")))) == ["=1", "=1", "A", "A"]
    assert sorted(texts(ET.fromstring(draw(ace, style="french")))) == ["=1", "=1", "A", "A"]
    assert not any(t.startswith("=") for t in texts(ET.fromstring(draw(parse_card("5♦")))))


def test_court_cards_name_themselves_only_on_spanish_faces() -> None:
    queen = parse_card("Q♥")
    assert "caballo" in texts(ET.fromstring(draw(queen)))
    assert "caballo" not in texts(ET.fromstring(draw(queen, style="french")))


@pytest.mark.parametrize("style", STYLES)
def test_suit_icons_draw_the_face_shapes_with_a_name(style: str) -> None:
    icons = [suit_svg(suit, style=style, theme="dark", size=20, label=suit.name) for suit in SUITS]
    for suit, icon in zip(SUITS, icons, strict=True):
        root = ET.fromstring(icon)
        assert root.get("aria-label") == suit.name and title(root) == suit.name and root.get("height") == "20"
        assert THEMES["dark"].suits[suit] in icon
    assert len(set(icons)) == 4
    with pytest.raises(ValueError, match="size"):
        suit_svg(SUITS[0], size=0, label="x")


@pytest.mark.parametrize("style", STYLES)
def test_suits_differ_by_shape(style: str) -> None:
    shapes = {_SHAPES[style][suit] for suit in SUITS}
    assert len(shapes) == 4
    faces = {re.sub(r'="#[0-9a-f]{6}"', "", card_svg(parse_card(f"A{s.letter}"), label="", style=style)) for s in SUITS}
    assert len(faces) == 4  # with every colour removed the four aces still differ


@pytest.mark.parametrize("theme", THEMES)
def test_suit_colours_differ_and_keep_contrast(theme: str) -> None:
    colours = THEMES[theme]
    assert len(set(colours.suits.values())) == 4
    for suit in SUITS:
        assert contrast_ratio(colours.suits[suit], colours.face) >= 3, suit
        assert colours.suits[suit] in draw(parse_card(f"3{suit.letter}"), theme=theme)
    # Lightness alone tells the suits apart, so red-green colour blindness does not merge two suits.
    for a, b in itertools.combinations(colours.suits.values(), 2):
        assert contrast_ratio(a, b) >= 1.2, (a, b)
    assert contrast_ratio(colours.ink, colours.face) >= 7


@pytest.mark.parametrize(("style", "theme"), VARIANTS)
def test_every_corner_index_reaches_4_5_to_1_against_its_face(style: str, theme: str) -> None:
    """Read from the drawing itself: the fill of each corner's text against the fill of the card's outline."""
    for card in DECK:
        root = ET.fromstring(draw(card, style=style, theme=theme))
        face = next(root.iter(f"{NS}rect")).get("fill", "")
        index = corner_index(card, style=style)
        corners = [t for t in root.iter(f"{NS}text") if t.text == index]
        assert len(corners) == 2, card
        for corner in corners:
            assert contrast_ratio(corner.get("fill", ""), face) >= 4.5, (card, corner.get("fill"), face)
        for pill, badge in map(list, badge_groups(root)):  # the value badge: the face colour on a pill of ink
            assert contrast_ratio(badge.get("fill", ""), pill.get("fill", "")) >= 4.5, card


def test_a_value_badge_is_11_pixels_or_more_on_the_smallest_card_shown() -> None:
    """The smallest width the card table (its CSS) and the pictures of the board (their style) give a card."""
    css = (Path(components.__file__).parent / "card_table.css").read_text(encoding="utf-8")
    smallest = {int(low) for low in re.findall(r"clamp\((\d+)px", css)}
    smallest |= {int(low) for low in re.findall(r"clamp\((\d+)px", as_image("<svg/>", "card", 64))}
    assert smallest  # both found
    for card in (parse_card("Kc"), parse_card("Ac")):
        for style, courts in itertools.product(STYLES, COURTS):
            badges = [
                group.find(f"{NS}text") for group in badge_groups(ET.fromstring(draw(card, style=style, courts=courts)))
            ]
            if style == "spanish" and courts == "printed" and card.rank == "A":
                assert not badges  # a printed 1 is its value
                continue
            assert len(badges) == 2
            for badge in badges:
                assert float(badge.get("font-size", "0")) * min(smallest) / 100 >= 11, (card, style, courts)


def test_contrast_ratio() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21)
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21)
    assert contrast_ratio("#777777", "#777777") == 1
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the classic AA grey


@pytest.mark.parametrize("kind", HIGHLIGHTS)
def test_highlight_draws_a_ring(kind: str) -> None:
    card = parse_card("7♦")
    plain, marked = draw(card), draw(card, highlight=kind)
    assert f"highlight-{kind}" not in plain and f"highlight-{kind}" in marked
    assert ET.fromstring(marked).get("aria-label") == "7♦"  # the caller's label says it (names.spoken_label)


def test_highlights_look_different_from_each_other() -> None:
    rings = [ring(draw(DECK[0], highlight=kind)) for kind in HIGHLIGHTS]
    assert all(rings) and len({re.sub(r"highlight-\w+", "", r) for r in rings}) == len(HIGHLIGHTS)
    dashes = [re.findall(r'stroke-dasharray="([^"]*)"', r) for r in rings]
    assert len({tuple(d) for d in dashes}) == len(HIGHLIGHTS)  # each its own dash pattern: told apart without colour


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"style": "german"}, "unknown card style 'german'"),
        ({"theme": "sepia"}, "unknown theme 'sepia'"),
        ({"highlight": "won"}, "unknown highlight 'won'"),
        ({"width": 0}, "width must be a positive"),
        ({"courts": "roman"}, "unknown court numbering 'roman'"),
    ],
)
def test_bad_options_raise_clear_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        draw(DECK[0], **kwargs)
    with pytest.raises(ValueError, match="unknown theme"):
        card_back_svg(theme="blue")


def test_width_sets_pixel_size_and_keeps_the_drawing() -> None:
    small, big = draw(DECK[5], width=56), draw(DECK[5], width=84)
    assert 'width="56" height="84"' in small and 'width="84" height="126"' in big
    assert small.replace('width="56" height="84"', 'width="84" height="126"') == big


@pytest.mark.parametrize("theme", THEMES)
def test_card_back(theme: str) -> None:
    root = ET.fromstring(card_back_svg(theme=theme, width=56))
    assert root.get("role") == "img" and root.get("aria-label") == "face-down card"
    assert title(root) == "face-down card"
    assert not texts(root)  # a face-down card gives nothing away


def test_row_html_wraps_cards_in_a_flex_row() -> None:
    svgs = [draw(card, width=56) for card in DECK[:3]] + [card_back_svg(width=56)]
    root = ET.fromstring(row_html(svgs, gap=4))
    assert root.tag == "div" and "flex-wrap:wrap" in root.get("style", "") and "gap:4px" in root.get("style", "")
    assert len(root) == 4
    with pytest.raises(ValueError, match="gap"):
        row_html(svgs, gap=-1)


def test_output_is_deterministic() -> None:
    for style, theme in VARIANTS:
        assert [draw(c, style=style, theme=theme) for c in DECK] == [draw(c, style=style, theme=theme) for c in DECK]
    assert card_back_svg(theme="dark") == card_back_svg(theme="dark")
    assert len({card_svg(c, label="") for c in DECK}) == 40


def test_text_is_escaped() -> None:
    nasty = 'A & B <i>"quoted"</i>'
    root = ET.fromstring(card_svg(DECK[0], label=nasty))
    assert root.get("aria-label") == nasty and title(root) == nasty
