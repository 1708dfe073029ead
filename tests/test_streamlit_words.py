"""Streamlit's own words (its menu, the hint under a text box, the file uploader's) follow the page's language."""

import re

import pytest
from test_i18n import TRANSLATED

from trainer.app.style import streamlit_words, words_over
from trainer.i18n import translator

STREAMLIT = ["System", "Light", "Dark", "Print", "Press Enter to apply", "Nothing matches"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_streamlits_words_are_shown_in_the_pages_language(language: str) -> None:
    shown = re.findall(r'content: "([^"]*)"', streamlit_words(translator(language)))
    assert len(shown) == 9 and all(shown)
    assert not set(shown) & set(STREAMLIT), shown


def test_words_shown_over_an_element_are_a_css_string() -> None:
    sheet = words_over({"p": ('Say "hi" \\ there', ".75rem")})
    assert "p { font-size: 0 !important; }" in sheet
    assert 'p::after { content: "Say \\"hi\\" \\\\ there"; font-size: .75rem; }' in sheet
