"""Cards in the learner's words: the names match the faces drawn, and a screen reader hears the capture value."""

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from trainer import DECK, parse_card, parse_cards, parse_play
from trainer.ai.bots import LEVELS
from trainer.app.card_style import CardStyle
from trainer.app.names import BOT_LEVELS, card_name, cards_name, say, spoken_label, suit_icon_svg, suit_name
from trainer.app.rule_words import rule_words
from trainer.app.svg import COURTS, STYLES
from trainer.cards import SUITS, Suit
from trainer.plays import illegal_reason
from trainer.text import plural

SPANISH, FRENCH, LETTERS = CardStyle(), CardStyle(style="french"), CardStyle(courts="letters")
VIEWS = [CardStyle(style=style, courts=courts) for style, courts in itertools.product(STYLES, COURTS)]
GLYPHS = re.compile("[♦♥♣♠]")


@pytest.mark.parametrize("view", VIEWS)
def test_every_card_has_its_own_name_and_spoken_label(view: CardStyle) -> None:
    assert len({card_name(card, view) for card in DECK}) == 40
    labels = [spoken_label(card, view) for card in DECK]
    assert len(set(labels)) == 40
    assert all(label.endswith(f", worth {card.value}") for card, label in zip(DECK, labels, strict=True))  # R3
    assert not any(GLYPHS.search(label) for label in labels)  # spelled out, not read as "black diamond suit"


def test_names_follow_the_faces() -> None:
    assert card_name(parse_card("7d"), FRENCH) == "7♦" and card_name(parse_card("kS"), FRENCH) == "K♠"
    spanish = [card_name(parse_card(text), SPANISH) for text in ("7d", "ah", "jc", "qs", "kd")]
    assert spanish == ["7 of coins", "ace of cups", "sota of clubs", "caballo of swords", "rey of coins"]
    assert all(card_name(card, SPANISH) == card_name(card, LETTERS) for card in DECK)  # the same words either way
    assert [suit_name(suit, SPANISH) for suit in SUITS] == ["oros", "copas", "bastos", "espadas"]
    assert [suit_name(suit, FRENCH) for suit in SUITS] == ["♦", "♥", "♣", "♠"]


def test_lists_of_cards() -> None:
    cards = parse_cards("7♦ A♥ J♣")
    assert cards_name(cards, FRENCH) == "7♦ A♥ J♣"
    assert cards_name(cards, SPANISH) == "7 of coins, ace of cups and sota of clubs"
    assert cards_name(cards[:2], SPANISH) == "7 of coins and ace of cups"
    assert cards_name(cards[:1], SPANISH) == "7 of coins"
    assert cards_name((), SPANISH) == cards_name((), FRENCH) == "no cards"


def test_spoken_labels_say_what_the_corners_print_and_what_the_card_is_worth() -> None:
    sota, seven, ace = parse_card("J♦"), parse_card("7♦"), parse_card("A♠")
    assert spoken_label(sota, SPANISH) == "sota of coins, printed 10, worth 8"  # V6
    assert spoken_label(sota, LETTERS) == "sota of coins, marked J, worth 8"
    assert spoken_label(sota, FRENCH) == "jack of diamonds, worth 8"
    assert spoken_label(seven, SPANISH) == "7 of coins, worth 7"
    assert spoken_label(ace, SPANISH) == "ace of swords, worth 1"
    assert spoken_label(seven, FRENCH, "taken") == "7 of diamonds, worth 7, taken"


@pytest.mark.parametrize("language", ["en", "es", "ru", "it", "pl", "tr"])
def test_a_cards_button_is_named_as_the_messages_name_it(language: str) -> None:
    for view in VIEWS:
        worded = CardStyle(style=view.style, courts=view.courts, language=language)
        for card in DECK:
            named = card_name(card, worded) if view.style == "spanish" else spoken_label(card, worded).split(",")[0]
            assert spoken_label(card, worded).startswith(f"{named},")
            if view.style == "spanish":  # French faces keep the suit's symbol in a message
                assert named.lower() in say(str(card), worded).lower()  # with an article where one is due


def test_say_rewrites_every_card_of_an_engine_reason() -> None:
    hand, table = parse_cards("7♠ A♣ K♥"), parse_cards("A♦ 7♦ 4♣ 3♥")
    reasons = [illegal_reason(parse_play(play), hand, table) for play in ("7♠", "Q♦", "K♥ 2♣ 3♣", "A♣ 7♦ 3♥", "K♥ 4♣")]
    assert all(reasons)
    for reason in reasons:
        assert reason is not None
        assert say(reason, FRENCH) == rule_words(reason, FRENCH.t)  # French faces: the cards as the engine writes
        spoken = say(reason, SPANISH)
        assert not GLYPHS.search(spoken), spoken
        assert re.sub(r"[^a-z ]", "", spoken.lower()).count(" of ") == len(GLYPHS.findall(reason))
    assert say(reasons[0], SPANISH) == (
        "7 of swords can take ace of coins + 3 of cups + 4 of clubs, so it cannot be laid on the table (capture owed)"
    )
    assert say(reasons[2], SPANISH) == "2 of clubs and 3 of clubs are not on the table"


def test_say_leaves_other_text_alone_and_capitalises_a_sentence_it_opens() -> None:
    assert (
        say("Right: 7♥ + J♦ = 15. A♦ stays.", SPANISH) == "Right: 7 of cups + sota of coins = 15. Ace of coins stays."
    )
    assert say("Most coins (R18), 7 points, A B C", SPANISH) == "Most coins (a deal's points), 7 points, A B C"
    assert say("5♦; 2♣ 3♥", SPANISH) == "5 of coins; 2 of clubs and 3 of cups"
    assert say("", SPANISH) == ""


def test_plural() -> None:
    assert [plural(n, "escoba") for n in (0, 1, 2)] == ["0 escobas", "1 escoba", "2 escobas"]


@pytest.mark.parametrize("view", [SPANISH, FRENCH, CardStyle(theme="dark")])
def test_suit_icons_are_named_images_of_the_face_shapes(view: CardStyle) -> None:
    icons = {suit: suit_icon_svg(suit, view) for suit in SUITS}
    assert len(set(icons.values())) == 4
    label = ET.fromstring(icons[Suit.CUPS]).get("aria-label")
    assert label == ("copas (cups)" if view.style == "spanish" else "hearts")


def test_every_level_of_the_computer_has_one_name_for_the_learner() -> None:
    assert list(BOT_LEVELS) == list(LEVELS)
    assert len({name for name, _ in BOT_LEVELS.values()}) == len(LEVELS)


ES, RU = CardStyle(language="es"), CardStyle(language="ru")
ES_FRENCH, RU_FRENCH = CardStyle(style="french", language="es"), CardStyle(style="french", language="ru")


WORTH = {"es": "vale", "ru": "стоит", "it": "vale", "pl": "wartość", "tr": "değeri"}


@pytest.mark.parametrize("language", WORTH)
@pytest.mark.parametrize("view", VIEWS)
def test_every_card_has_its_own_spoken_label_in_each_language(view: CardStyle, language: str) -> None:
    worded = CardStyle(style=view.style, courts=view.courts, language=language)
    labels = [spoken_label(card, worded) for card in DECK]
    assert len(set(labels)) == 40
    assert not any(GLYPHS.search(label) for label in labels)
    assert all(
        label.endswith(f", {WORTH[language]} {card.value}") for card, label in zip(DECK, labels, strict=True)
    )  # R3


def test_spanish_speaks_the_deck_in_its_own_words() -> None:
    assert spoken_label(parse_card("7d"), ES) == "7 de oros, vale 7"
    assert spoken_label(parse_card("ah"), ES) == "as de copas, vale 1"
    assert spoken_label(parse_card("jc"), ES) == "sota de bastos, con el 10 impreso, vale 8"
    assert spoken_label(parse_card("qs"), CardStyle(courts="letters", language="es")) == (
        "caballo de espadas, con la letra Q, vale 9"
    )
    assert spoken_label(parse_card("7d"), ES_FRENCH, "taken") == "7 de diamantes, vale 7, carta capturada"
    assert spoken_label(parse_card("kc"), ES_FRENCH) == "rey de tréboles, vale 10"


def test_russian_says_the_card_in_russian() -> None:
    assert spoken_label(parse_card("7d"), RU) == "7 монет, стоит 7"
    assert spoken_label(parse_card("jd"), RU) == "валет монет, в углу 10, стоит 8"
    assert (
        spoken_label(parse_card("kc"), RU, "played") == "король жезлов, в углу 12, стоит 10, только что сыгранная карта"
    )
    assert spoken_label(parse_card("7d"), RU_FRENCH) == "7 бубен, стоит 7"
    assert spoken_label(parse_card("qh"), RU_FRENCH) == "дама червей, стоит 9"
    assert (
        spoken_label(parse_card("ac"), RU_FRENCH, "best") == "туз треф, стоит 1, лучшая карта своей масти для сетенты"
    )


def test_short_names_are_in_the_learners_words_listed_in_the_language() -> None:
    cards = parse_cards("7♦ A♥ J♣")
    assert [card_name(card, ES) for card in cards] == ["7 de oros", "as de copas", "sota de bastos"]
    assert [card_name(card, RU) for card in cards] == ["7 монет", "туз чаш", "валет жезлов"]
    assert cards_name(cards, RU) == "7 монет, туз чаш и валет жезлов"
    assert cards_name(cards, RU_FRENCH) == "7♦ A♥ J♣"
    assert (cards_name((), ES), cards_name((), RU)) == ("ninguna carta", "нет карт")


def test_a_spanish_sentence_gives_each_card_the_article_it_needs() -> None:
    assert cards_name(parse_cards("7♦ A♥ J♣"), ES) == "el 7 de oros, el as de copas y la sota de bastos"
    assert say("¿Puedes jugar 5♦ para llevarte J♦ y Q♠?", ES) == (
        "¿Puedes jugar el 5 de oros para llevarte la sota de oros y el caballo de espadas?"
    )
    assert say("J♦ suma 8. A♦ 4♣ no están.", ES) == "La sota de oros suma 8. El as de oros y el 4 de bastos no están."
    assert say("A tu 5♦ le faltan 10", ES) == "A tu 5 de oros le faltan 10"
    assert say("A 7♦ le faltan 8: el punto de 7♦ y de J♦", ES) == (
        "Al 7 de oros le faltan 8: el punto del 7 de oros y de la sota de oros"
    )
    assert say("Juega `7♦`: 7♦ → 7o", ES) == "Juega `7♦`: el 7 de oros → 7o"
    assert say("¿Puedes jugar 5♦?", ES_FRENCH) == "¿Puedes jugar 5♦?"  # the notation takes no article


IT = CardStyle(language="it")


def test_an_italian_sentence_gives_each_card_its_article_elided_before_asso_and_joined_to_a_preposition() -> None:
    assert cards_name(parse_cards("7♦ A♥ J♣"), IT) == "il 7 di denari, l'asso di coppe e il fante di bastoni"
    assert say("Gioca 7♠: prende A♦ 4♣", IT) == "Gioca il 7 di spade: prende l'asso di denari e il 4 di bastoni"
    assert say("A♦ è sul tavolo. Il valore di A♦ è 1", IT) == (
        "L'asso di denari è sul tavolo. Il valore dell'asso di denari è 1"
    )
    assert say("A 7♦ mancano 8, al tuo 5♣ 10, su K♥ nulla", IT) == (
        "Al 7 di denari mancano 8, al tuo 5 di bastoni 10, sul re di coppe nulla"
    )
    assert say("Da A♠ a 7♠", IT) == "Dall'asso di spade al 7 di spade"
    assert say("Gioca 5♦", CardStyle(style="french", language="it")) == "Gioca 5♦"  # the notation takes no article


@pytest.mark.parametrize(
    ("language", "named"), [("pl", "7 monet, as kielichów i walet buław"), ("tr", "dirhem 7, kupa as ve sopa sota")]
)
def test_polish_and_turkish_put_a_card_s_name_in_a_sentence_as_it_is(language: str, named: str) -> None:
    view = CardStyle(language=language)
    assert cards_name(parse_cards("7♦ A♥ J♣"), view) == named
    assert say("7♦ A♥ J♣", view) == named[0].upper() + named[1:]


def test_suit_icons_are_named_in_the_language() -> None:
    def label(suit: Suit, view: CardStyle) -> str | None:
        return ET.fromstring(suit_icon_svg(suit, view)).get("aria-label")

    assert (label(Suit.CUPS, ES), label(Suit.CUPS, RU)) == ("copas", "copas (чаши)")
    assert (label(Suit.CLUBS, ES_FRENCH), label(Suit.CLUBS, RU_FRENCH)) == ("tréboles", "трефы")
    assert label(Suit.CLUBS, RU) == "bastos (жезлы)"  # the same English "clubs", another suit
