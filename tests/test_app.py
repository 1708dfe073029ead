"""The Home page, driven as a person would with Streamlit's AppTest."""

from pathlib import Path

from app_kit import page_links
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Block

from trainer import Deal
from trainer.app.card_style import CardStyle
from trainer.app.names import say, spoken_label
from trainer.puzzles.kinds import play_text

APP = Path(__file__).parent.parent / "streamlit_app.py"


def test_home_page_shows_a_real_deal_and_deals_again():
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Escoba Trainer"
    first = Deal.new(players=2, seed=at.session_state.home_seed)
    html = at.get("html")[0].proto.body
    assert all(spoken_label(card, CardStyle()) in html for card in (*first.hands[0], *first.table))
    assert "face-down card" in html  # the other player's hand is hidden
    at.button[0].click().run()
    second = Deal.new(players=2, seed=at.session_state.home_seed)
    assert second.hands != first.hands
    assert all(spoken_label(card, CardStyle()) in at.get("html")[0].proto.body for card in second.hands[0])
    captures = [p for p in second.legal_plays() if p.captured]
    if captures:
        assert any(f"- {say(str(play_text(captures[0])), CardStyle())}" in m.value for m in at.markdown)


def test_home_leads_to_the_course_the_puzzles_a_match_progress_and_settings():
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    assert {"learn", "puzzles", "play", "progress", "settings"} <= {link.proto.page for link in page_links(at)}


def labels(block: Block) -> list[str]:
    """What a block shows, element by element: each one's label, else its kind."""
    return [getattr(node, "label", type(node).__name__) for node in block.children.values()]


def test_every_page_lists_the_pages_in_its_menu_and_the_same_settings_in_the_sidebar_or_on_settings():
    """The menu a phone shows in the header, headed by the page shown; the sidebar holds settings, in one order on
    every page but Settings, which shows them in that order in its main area and leaves the sidebar empty; the Learn
    page keeps its level map under the Levels button by its title."""
    titles = {
        "home": "Home",
        "learn": "Learn",
        "puzzles": "Puzzles",
        "play": "Play",
        "progress": "Progress",
        "settings": "Settings",
    }
    at = AppTest.from_file(str(APP), default_timeout=30)
    settings = {}
    for page, title in titles.items():
        at.switch_page(f"trainer/app/views/{page}.py").run()
        assert not at.exception, at.exception
        [menu] = [block for block in at.get("popover") if (block.key or "").startswith("pages-")]
        assert menu.proto.popover.label == title
        assert [link.proto.label for link in menu.get("page_link")] == list(titles.values())
        settings[page] = labels(at.sidebar)
    profile = ["Profile", "New profile", "Rule set", "Rename or delete this profile"]
    assert settings.pop("settings") == []
    assert settings["home"] == ["Language", "Cards", *profile]
    assert all(shown == settings["home"] for shown in settings.values())
    blocks = [labels(block) for block in at.main.children.values() if isinstance(block, Block)]
    on_the_page = [shown for shown in blocks if shown[:1] == ["Language"]]
    assert on_the_page == [settings["home"]]
    assert at.title[0].value == "Settings"


def test_the_settings_page_changes_the_language_and_the_cards_for_every_page():
    """Chosen on the Settings page, a language redraws that page in it at once, and card faces show on Home and are
    still chosen back on Settings: the session keeps each setting apart from its widget, which a page that does not
    draw it forgets. (The Cards expander itself opens shut on another page, as it does moving between any two.)"""
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.switch_page("trainer/app/views/settings.py").run()
    at.main.radio(key="_lang").set_value("es").run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Ajustes" and not at.sidebar.children
    at.session_state["cards"] = True  # the Cards expander opened
    at.run().main.radio(key="_faces").set_value("french").run()
    at.switch_page("trainer/app/views/home.py").run()
    assert not at.exception, at.exception
    assert at.sidebar.radio(key="_lang").value == "es" and at.sidebar.expander[0].label == "Cartas"
    assert at.query_params["faces"] == "french" and at.query_params["lang"] == "es"
    deal = Deal.new(players=2, seed=at.session_state.home_seed)
    french = CardStyle(style="french", language="es")
    assert all(spoken_label(card, french) in at.get("html")[0].proto.body for card in deal.hands[0])
    at.switch_page("trainer/app/views/settings.py").run()
    at.session_state["cards"] = True
    assert [at.run().main.radio(key=key).value for key in ("_lang", "_faces")] == ["es", "french"]
