"""The message layer: catalogues whole and in step with the code, the app in each language, one language per session."""

import json
import random
import re
import string
import threading
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from app_kit import page_links
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po
from streamlit.testing.v1 import AppTest

import trainer.i18n
from trainer import DECK, Deal, Match, parse_cards, parse_play
from trainer.app.board import board_rows, match_markdown, pile_rows, position_rows, rows_html, score_markdown
from trainer.app.card_style import CardStyle
from trainer.app.names import say, spoken_label
from trainer.app.puzzle_words import scoring_words
from trainer.app.svg import STYLES
from trainer.course import load_levels
from trainer.course_messages import extract_levels, extract_puzzles
from trainer.i18n import LOCALES, SOURCE, Translator, languages, translator
from trainer.profile import PROFILES
from trainer.progress.sqlite import Store
from trainer.puzzles import check_paths
from trainer.puzzles.kinds import (
    ChecksumPuzzle,
    ChoosePuzzle,
    MatchPuzzle,
    ScorePuzzle,
    SeatsPuzzle,
    scoring_text,
)
from trainer.puzzles.loader import bank_folder
from trainer.simulate import play_randomly
from trainer.text import Listed, said, said_plural

ROOT = Path(__file__).parent.parent
APP = str(ROOT / "streamlit_app.py")
TEMPLATE = LOCALES / "messages.pot"
TRANSLATED = [code for code in languages() if code != SOURCE]
PAGES = [f"trainer/app/views/{name}.py" for name in ("learn", "puzzles", "play", "progress", "home")]


def catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=locale)


def ids(messages: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id for message in messages if message.id}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_holds_every_message_marked_in_the_code(tmp_path: Path) -> None:
    extracted = tmp_path / "messages.pot"
    specs = ("text", "plural:1,2", "marked", "marked_in:1c,2", "said", "said_plural:1,2")  # as babel.cfg says
    keywords = [*(arg for spec in specs for arg in ("-k", spec)), "--no-default-keywords"]
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), *keywords, "-o", str(extracted), str(ROOT)]
    )
    assert ids(catalog(extracted)) == ids(catalog(TEMPLATE)), "refresh messages.pot as babel.cfg says"


def test_the_app_speaks_the_languages_of_its_sources_and_spanish() -> None:
    assert languages() == {
        "en": "English",
        "es": "Español",
        "it": "Italiano",
        "pl": "Polski",
        "ru": "Русский",
        "tr": "Türkçe",
    }


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_all_its_plural_forms(code: str) -> None:
    translated = catalog(LOCALES / code / "LC_MESSAGES" / "messages.po", code)
    assert ids(translated) == ids(catalog(TEMPLATE)), "update the catalogue from messages.pot"
    assert translated.num_plurals == get_plural(code).num_plurals  # the CLDR's forms for the language
    for message in translated:
        if message.id:
            forms = message.string if message.pluralizable else (message.string,)
            assert not message.fuzzy, message.id
            assert len(forms) == (translated.num_plurals if message.pluralizable else 1) and all(forms), message.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_keeps_the_placeholders_of_its_message(code: str) -> None:
    for message in catalog(LOCALES / code / "LC_MESSAGES" / "messages.po", code):
        if message.id:
            assert placeholders_kept(message), message.id


def placeholders_kept(message: Message) -> bool:
    """Each form has the message's placeholders; a plural form may leave the count out ("un nivel")."""
    if not message.pluralizable:
        return fields(message.string) == fields(message.id)
    wanted = fields(message.id[1]) - {"n"}
    return all(wanted <= fields(form) <= wanted | {"n"} for form in message.string)


def opened(code: str | None = None, locale: str | None = None, profile: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    if code:
        at.query_params["lang"] = code
    if profile:
        at.query_params["profile"] = profile
    at.context["locale"] = locale
    at.run()
    assert not at.exception, at.exception
    return at


def shown(at: AppTest) -> list[str]:
    """The texts a reader sees on the page and in the sidebar, apart from the board, which the pages that play on
    it share, and which comes with them."""
    texts = [
        element.value for kind in ("markdown", "caption", "header", "warning", "error") for element in at.get(kind)
    ]
    labels = [widget.label for kind in ("button", "radio", "selectbox", "expander") for widget in at.get(kind)]
    options = [option for kind in ("radio", "selectbox") for widget in at.get(kind) for option in widget.options]
    return [*texts, *labels, *options, *(link.proto.label for link in at.get("page_link"))]


class _Heard(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [value for name, value in attrs if name in ("alt", "aria-label") and value]

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data.strip())


def heard(html: str) -> list[str]:
    """What a reader sees or hears of a board drawn as HTML: its rows' titles and notes, the group's name and every
    card's text alternative."""
    reader = _Heard()
    reader.feed(html)
    return reader.texts


def english_in(texts: list[str]) -> list[str]:
    """The catalogue's English found in ``texts``: a whole message, or a run of two words or more of one."""
    found = []
    for message in catalog(TEMPLATE):
        for english in message.id if message.pluralizable else (message.id,):
            parts = [part.strip(" .,:*“”()") for part, *_ in string.Formatter().parse(english)]
            runs = [part for part in parts if len(re.findall(r"[A-Za-z]+", part)) >= 2]
            found += [english for text in texts if text == english or any(run in text for run in runs)]
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_home_is_wholly_translated_and_every_page_opens(data: Path, code: str) -> None:
    at = opened(code)
    course = [level.title for level in load_levels()]  # the course's own words, not the catalogue's
    board = next(html.proto.body for html in at.get("html") if 'role="group"' in html.proto.body)
    assert not english_in([text for text in shown(at) if not any(title in text for title in course)] + heard(board))
    deal = Deal.new(players=2, seed=at.session_state.home_seed)
    view = CardStyle(language=code)
    assert all(f'alt="{escape(spoken_label(card, view))}"' in board for card in (*deal.hands[0], *deal.table))
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        assert at.query_params["lang"] == code, page  # the language is kept from page to page


def boards(view: CardStyle) -> list[str]:
    """Every board and position the pages draw, in ``view``'s words: row titles, notes and cards' labels, the
    boards as HTML, the score and match tables."""
    captured = Deal.from_position(table=parse_cards("A♦ 4♣ 7♦ Q♠"), hands=[parse_cards("3♥ K♠"), parse_cards("2♠ 5♣")])
    captured = captured.play(parse_play("3♥ A♦ 4♣ 7♦"))
    over = play_randomly(Deal.new(seed=7), random.Random(7))
    four = Deal.new(players=4, seed=3)
    front = parse_cards("2♦ 2♣ 2♠ 4♣ 4♠ 5♦ K♦ Q♥ J♣ 3♠")
    sweep = Deal.from_deck([*front, *(card for card in DECK if card not in front)])
    common = {"id": "t", "level": 1, "themes": ("making-15",), "title": "t"}
    puzzles = [
        ChoosePuzzle(**common, table=parse_cards("5♦ 3♣"), hand=parse_cards("7♠ 2♥"), goal="safe",
                     next_hand=parse_cards("K♦"), pile=parse_cards("A♣")),
        ChecksumPuzzle(**common, table=parse_cards("K♦ 3♥ 5♣"), ask="missing"),
        ScorePuzzle(**common, piles=(parse_cards("7♦ A♣"), parse_cards("K♠")), escobas=(1, 0)),
        SeatsPuzzle(**common, players=4, dealer=1, ask="partner", seat=2),
        MatchPuzzle(**common, totals=(17, 19), points=(3, 1)),
    ]  # fmt: skip
    rows = [
        *board_rows(captured, view, events=captured.events, face_up=(0, 1), pick=True),
        *board_rows(over, view, events=over.events),
        *board_rows(four, view, face_up=(0,), me=1),
        *board_rows(sweep, view, events=sweep.log),
        *pile_rows(over, 0, view),
        *(row for puzzle in puzzles for row in position_rows(puzzle, view)),
    ]
    match = Match.new(seed=3)
    while not match.current.is_over:
        match = match.play(match.current.legal_plays()[0])
    said = [row.title for row in rows] + [face.label for row in rows for face in row.faces]
    said += [row.empty for row in rows if row.empty and not row.faces]  # said only in place of cards
    tables = [score_markdown(over.score(), view=view), match_markdown(match.next_deal(), view)]
    return [*said, *heard(rows_html(rows, view)), *tables]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("code", TRANSLATED)
def test_boards_and_cards_are_worded_in_the_language(code: str, style: str) -> None:
    assert not english_in(boards(CardStyle(style=style, language=code)))
    assert english_in(boards(CardStyle(style=style)))  # the check would see English left


def test_without_a_language_asked_the_app_is_in_english(data: Path) -> None:
    at = opened()
    assert at.sidebar.radio(key="_lang").value == "en"
    assert page_links(at)[1].proto.label == "Practise on puzzles"


BROWSER_LOCALES = [("es-AR", "es"), ("ru-RU", "ru"), ("it-CH", "it"), ("pl-PL", "pl"), ("tr-TR", "tr"), ("de-DE", "en")]


@pytest.mark.parametrize(("locale", "code"), [*BROWSER_LOCALES, ("ru_ru", "ru")])
def test_the_browser_language_is_the_first_choice(data: Path, locale: str, code: str) -> None:
    assert opened(locale=locale).sidebar.radio(key="_lang").value == code


def test_the_address_wins_over_the_browser_and_the_picker_over_both(data: Path) -> None:
    at = opened("es", locale="ru-RU")
    assert at.button[0].label == "Repartir otra vez"
    at.sidebar.radio(key="_lang").set_value("ru").run()
    assert at.button[0].label == "Сдать заново" and at.query_params["lang"] == "ru"
    assert at.sidebar.radio(key="_lang").options == list(languages().values())


def test_a_spanish_session_leaves_the_next_one_in_english(data: Path) -> None:
    with Store.open(data) as saved:
        saved.create_profile("Ana")
        saved.create_profile("Bea")
    opened("es", profile="Ana")
    assert opened(profile="Bea").button[0].label == "Deal again"


def test_the_language_goes_with_the_profile(data: Path) -> None:
    with Store.open(data) as saved:
        saved.create_profile("Ana")
        saved.create_profile("Bea")
    at = opened(profile="Ana")
    at.sidebar.radio(key="_lang").set_value("ru").run()  # chosen with the picker: kept with Ana
    assert at.button[0].label == "Сдать заново"
    again = opened(profile="Ana", locale="es-ES")  # another visit: Ana's own language wins over the browser's
    assert again.button[0].label == "Сдать заново" and again.query_params["lang"] == "ru"
    again.sidebar.selectbox(key="profile").set_value("Bea").run()  # Bea has none yet: she keeps what is shown
    assert again.button[0].label == "Сдать заново"
    linked = opened("es", profile="Bea")  # a link that names a language is a choice too
    assert linked.button[0].label == "Repartir otra vez"
    with Store.open(data) as saved:
        assert (saved.language("Ana"), saved.language("Bea")) == ("ru", "es")
    ana = opened(profile="Ana")
    ana.sidebar.selectbox(key="profile").set_value("Bea").run()  # switching profile takes up the other's language
    assert ana.button[0].label == "Repartir otra vez"


def test_a_new_language_is_a_new_catalogue_not_new_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: Path
) -> None:
    turkish = Catalog(locale="tr")
    turkish.add("Deal again", "Yeniden dağıt")
    turkish.add(
        ("Start learning: {n} short level", "Start learning: {n} short levels"), ("{n} kısa seviye", "{n} kısa seviye")
    )
    (tmp_path / "tr" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "tr" / "LC_MESSAGES" / "messages.po").open("wb") as po:
        write_po(po, turkish)
    monkeypatch.setattr(trainer.i18n, "LOCALES", tmp_path)
    assert languages()["tr"] == "Türkçe"
    assert translator("tr").items(["A", "B", "C"]) == "A, B ve C"
    at = opened("tr")
    assert at.button[0].label == "Yeniden dağıt"
    assert page_links(at)[0].proto.label.endswith("kısa seviye")
    assert page_links(at)[1].proto.label == "Practise on puzzles"  # not translated yet: the English shows


def test_two_translators_in_two_threads_keep_their_own_language() -> None:
    said: dict[str, set[str]] = {"es": set(), "ru": set()}

    def speak(code: str) -> None:
        t = translator(code)
        for n in range(2000):
            said[code].add(t.plural("Start learning: {n} short level", "Start learning: {n} short levels", n % 3))

    threads = [threading.Thread(target=speak, args=(code,)) for code in said]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert said["es"] == {f"Empieza a aprender: {n} {'nivel corto' if n == 1 else 'niveles cortos'}" for n in range(3)}
    assert said["ru"] == {
        "Начать обучение: 0 коротких уровней",
        "Начать обучение: 1 короткий уровень",
        "Начать обучение: 2 коротких уровня",
    }


def test_the_puzzles_page_words_in_english_as_the_engine_does() -> None:
    english = translator(SOURCE)
    for profile in PROFILES.values():
        assert scoring_words(profile, english) == str(scoring_text(profile)), profile.name


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_rule_sets_scoring_is_worded_in_the_language(code: str) -> None:
    words = " ".join(scoring_words(profile, translator(code)) for profile in PROFILES.values())
    assert not english_in([words])
    assert english_in([" ".join(scoring_words(profile, translator(SOURCE)) for profile in PROFILES.values())])


@pytest.mark.parametrize("code", TRANSLATED)
def test_home_and_progress_list_the_course_in_the_language(data: Path, code: str) -> None:
    t, levels = translator(code), load_levels()
    assert all(t.text(level.title) != level.title and t.text(level.goal) != level.goal for level in levels)
    by_track = [[level for level in levels if level.track == track] for track in ("core", "other")]
    at = opened(code)
    listed = {link.proto.label for link in at.get("page_link")}
    none = t.text("{n} of 3 stars", n=0)  # stars in words, which a screen reader reads in the language
    assert none != "0 of 3 stars"
    for track in by_track:  # each numbered from 1
        assert all(f"{n}. {t.text(level.title)} · {none}" in listed for n, level in enumerate(track, start=1))
    at.switch_page("trainer/app/views/progress.py").run()
    lists = [m.value.splitlines() for m in at.markdown if m.value.startswith("- 1. ")]
    assert lists == [
        [f"- {n}. {t.text(level.title)}: {none}" for n, level in enumerate(track, 1)] for track in by_track
    ]


def test_every_levels_words_are_in_the_catalogues() -> None:
    template = ids(catalog(TEMPLATE))
    for path in sorted((ROOT / "trainer" / "levels").glob("*.yaml")):
        with path.open("rb") as file:
            found = {text for _, _, text, _ in extract_levels(file, [], [], {})}
        assert len(found) > 2 and found <= template, path.name


def test_every_hand_written_puzzles_words_are_in_the_catalogues() -> None:
    puzzles, problems = check_paths(*(path for path in bank_folder().glob("*.yaml")))
    assert puzzles and not problems
    words = {text for puzzle in puzzles for text in (puzzle.title, *puzzle.hints, puzzle.explain) if text}
    assert len(words) > 400 and words <= ids(catalog(TEMPLATE)), sorted(words - ids(catalog(TEMPLATE)))[:3]
    with (bank_folder() / "capture.yaml").open("rb") as file:
        found = [text for _, _, text, _ in extract_puzzles(file, [], [], {})]
    assert found[:4] == [
        "Which card makes 15 with a 7?",
        "A seven needs eight more to reach 15.",
        "The sota (J) counts as 8.",
        "7 + 8 = 15, so the seven takes J♦. The 2 and the 4 would only bring you to 13.",
    ]


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translated_levels_steps_read_in_the_language(data: Path, code: str) -> None:
    level = load_levels()[0]
    at = opened(code)
    at.query_params.update(level=level.id, stage="3")
    at.switch_page("trainer/app/views/learn.py").run()
    view, said = CardStyle(language=code), level.stages[2].text
    assert at.markdown[1].value == say(translator(code).text(said), view) != say(said, view)


# -- the Play page ------------------------------------------------------------------------------

PLAY_PAGE = "trainer/app/views/play.py"


def play_page_said(at: AppTest) -> list[str]:
    """All the Play page shows and reads out: ``shown`` with its titles, notes, fields, offers and slider, the card
    table's message and button, the verdict read out, and every board's text."""
    texts = shown(at) + [e.value for kind in ("title", "subheader", "info", "success") for e in at.get(kind)]
    texts += [widget.label for kind in ("text_input", "slider") for widget in at.get(kind)]
    texts += [offer.proto.label for offer in at.get("download_button")]
    for component in at.get("bidi_component"):
        data = json.loads(component.proto.json)
        texts += [data["message"]["text"]] if data.get("message") else []
        texts += [data["confirm"]] if data.get("confirm") else []
        texts += [row["title"] for row in data.get("rows", ())]
        texts += seat_table_said(data)
    return texts + [
        said for html in at.get("html") if 'role="group"' in html.proto.body for said in heard(html.proto.body)
    ]


def seat_table_said(data: dict) -> list[str]:
    """What the seat table shows and reads out: the seats' names, each move, the paces, the piles and its words."""
    if "seats" not in data:
        return []
    words = [w for word in data["words"].values() for w in (word.values() if isinstance(word, dict) else [word])]
    texts = [seat["name"] for seat in data["seats"]] + [move["said"] for move in data["moves"]]
    return texts + [said for _, said in data["paces"]] + list(data["pileWords"].values()) + words


def pressed(at: AppTest, label: str) -> None:
    next(button for button in at.button if button.label.startswith(label)).click().run()
    assert not at.exception, at.exception


def typed(at: AppTest, play: str, t: Translator) -> None:
    at.text_input(key="play_text").set_value(play)
    pressed(at, t.text("Play what I typed"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_play_page_is_wholly_translated(data: Path, code: str) -> None:
    with Store.open(data) as saved:
        saved.create_profile("Ana")
    assert english_in(play_page_said(opened_play()))  # in English first: the check would see English left
    t = translator(code)
    at = opened(code)  # the profile then takes up the language: later sessions speak it too
    at.switch_page(PLAY_PAGE).run()
    said = play_page_said(at)  # the table and the computer's levels to choose
    at.radio(key="bot_level").set_value("greedy")
    pressed(at, t.text("Start the match"))
    rng, refused = random.Random(8), False
    while not at.session_state.game.deal.is_over:
        game = at.session_state.game
        if not refused:  # a word that is not a card, a card twice, a card not in hand; then the hint
            refused = True
            for wrong in ("8d", "7d 7d", str(game.deal.stock[0]) if game.deal.stock else "J♦"):
                typed(at, wrong, t)
                said += play_page_said(at)
            pressed(at, t.text("Hint: the best play now"))
            said += play_page_said(at)
        said += play_page_said(at)  # the turn's message: what the others played meanwhile
        typed(at, str(rng.choice(game.deal.legal_plays())), t)
    said += play_page_said(at)  # the deal's points, the review, the replay, the deal's log
    assert not english_in(said)


def opened_play() -> AppTest:
    at = opened()
    at.switch_page(PLAY_PAGE).run()
    at.radio(key="bot_level").set_value("greedy")
    pressed(at, "Start the match")
    return at


def test_words_kept_as_a_message_are_said_in_each_language_with_their_parameters() -> None:
    nested = said("{card} is not on the table", card="7♦")
    counted = said_plural("you take {n} card", "you take {n} cards", 1)
    listed = said("answer {choices}", choices=Listed(("A", "B", said("nobody")), "or"))
    assert [str(nested), str(counted), str(listed)] == [
        "7♦ is not on the table",
        "you take 1 card",
        "answer A, B or nobody",
    ]
    spanish = translator("es")
    assert spanish.said(said("Deal again")) == "Repartir otra vez"
    assert spanish.said(said("{done}", done=said("Deal again"))) == "Repartir otra vez"  # an unknown message is kept
    assert spanish.said(said("{choices}", choices=Listed(("A", "B"), "or"))) == "A o B"


NONE_TYPED = [("en", "none"), ("es", " Ninguna"), ("ru", "НЕТ"), ("it", "Nessuna"), ("pl", "BRAK "), ("tr", "yok")]


@pytest.mark.parametrize(("code", "word"), NONE_TYPED)
def test_r19_the_word_for_none_a_learner_types_is_read_in_their_language(code, word):
    assert translator(code).read_none(word) == "none"
    assert translator(code).read_none("65") == "65"
    assert "none" not in translator(code).text("Your answer: a number, or none").split() or code == "en"
