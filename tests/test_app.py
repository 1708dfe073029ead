"""The Home page, driven as a person would with Streamlit's AppTest."""

from pathlib import Path

from app_kit import page_links
from streamlit.testing.v1 import AppTest

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


def test_home_leads_to_the_course_the_puzzles_and_a_match():
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    assert {"learn", "puzzles", "play"} <= {link.proto.page for link in page_links(at)}


def test_every_page_lists_the_pages_in_its_menu_and_the_same_settings_in_the_sidebar():
    """The menu a phone shows in the header, headed by the page shown; the sidebar holds settings, in one order on
    every page; the Learn page keeps its level map under the Levels button by its title."""
    titles = {"home": "Home", "learn": "Learn", "puzzles": "Puzzles", "play": "Play", "progress": "Progress"}
    at = AppTest.from_file(str(APP), default_timeout=30)
    settings = {}
    for page, title in titles.items():
        at.switch_page(f"trainer/app/views/{page}.py").run()
        assert not at.exception, at.exception
        [menu] = [block for block in at.get("popover") if (block.key or "").startswith("pages-")]
        assert menu.proto.popover.label == title
        assert [link.proto.label for link in menu.get("page_link")] == list(titles.values())
        settings[page] = [getattr(node, "label", type(node).__name__) for node in at.sidebar.children.values()]
    profile = ["Profile", "New profile", "Rule set", "Rename or delete this profile"]
    assert settings["home"] == ["Language", "Cards", *profile]
    assert all(shown == settings["home"] for shown in settings.values())
