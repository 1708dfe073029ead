"""The app, driven as a person would with Streamlit's AppTest."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from trainer import Deal, cards_text

APP = Path(__file__).parent.parent / "streamlit_app.py"


def test_home_page_shows_a_real_deal_and_deals_again():
    at = AppTest.from_file(str(APP)).run()
    assert not at.exception
    assert at.title[0].value == "Escoba Trainer"
    first = Deal.new(players=2, seed=at.session_state.home_seed)
    assert f"**Your hand:** {cards_text(first.hands[0])}" in [m.value for m in at.markdown]
    at.button[0].click().run()
    second = Deal.new(players=2, seed=at.session_state.home_seed)
    assert second.hands != first.hands
    assert f"**Your hand:** {cards_text(second.hands[0])}" in [m.value for m in at.markdown]
