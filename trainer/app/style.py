"""The look every page shares: its title in the browser, the CSS, and how long a typed answer may be."""

from __future__ import annotations

import json
from collections.abc import Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.uploaded_file_manager import UploadedFile

from trainer.app.card_style import CardStyle
from trainer.app.components import page_words
from trainer.app.settings import card_style, tr
from trainer.i18n import Translator

ANSWER_CHARS = 200  # the longest typed answer: every way of a capture, with room to spare

# Small captions at full contrast, a focus ring that shows on light and dark (3.5:1 or more on both), links that wrap
# rather than being cut, Progress's figures close under each other where they wrap, and on a phone a smaller title and
# less space above it, so the board and its buttons fit one screen, and tables with tighter cells, so a score compared
# under five rule sets fits its width. Buttons, radio choices, help icons and links to pages are tap targets of
# 44 x 44 pixels or more, and a radio choice shows the keyboard's focus around it (its own input is hidden). A link to
# a page in the page itself is drawn as a row to tap, framed, with an arrow after its words that screen readers do
# not read (its alternative text is empty). What is said to screen readers alone (``news``) takes no room.
# The pages are in the header (``navigation.navigate``): Streamlit's bar where it shows one; else, on a narrow screen,
# where Streamlit would move that bar into the sidebar, the app's menu of them, pinned in the header beside the
# sidebar's toggle, above the page and under the sidebar once it is open. The sidebar lists no pages: it holds
# settings, which the Settings page shows in its main area instead.
_LOOK = """<style>
[data-testid="stCaptionContainer"] { color: inherit; opacity: .82; }
:focus-visible { outline: 3px solid #2563eb !important; outline-offset: 2px; }
:is([data-testid="stButton"], [data-testid="stFormSubmitButton"], [data-testid="stDownloadButton"],
    [data-testid="stPopover"]) button { min-height: 44px; min-width: 44px; }
[data-testid="stRadioOption"] { min-height: 44px; min-width: 44px; align-items: center; }
[data-testid="stMain"] [data-testid="stTooltipIcon"] button { min-height: 44px; min-width: 44px; }
[data-testid="stRadioOption"]:has(input:focus-visible) { outline: 3px solid #2563eb; outline-offset: 2px; }
[class*="st-key-news-"], .st-key-page-words, .st-key-board-keys { position: absolute; }
#escoba-skip-board { position: fixed; left: .5rem; top: -4rem; z-index: 1000000; padding: .5rem 1rem;
  border-radius: .5rem; background: var(--st-background-color, #fff); color: inherit; }
#escoba-skip-board:focus { top: .5rem; }
[data-testid="stPageLink"] * { white-space: normal; }
[data-testid="stPageLink"] a { min-height: 44px; align-items: center; }
[data-testid="stMain"] :is(.stElementContainer:has(> [data-testid="stPageLink"]), [data-testid="stPageLink"] > div) {
  width: 100%; }
[data-testid="stMain"] [data-testid="stPageLink"] a { width: 100%; color: inherit; border: 1px solid rgba(128, 128, 128,
  .4); border-radius: .5rem; padding: .25rem .75rem; }
[data-testid="stMain"] [data-testid="stPageLink"] a::after { content: "›" / ""; margin-left: auto; padding-left: .6rem;
  font-size: 1.4rem; line-height: 1; opacity: .6; }
.st-key-figures { row-gap: 1rem; }
[class*="st-key-pages-"] { position: fixed; top: .5rem; left: 5.5rem; max-width: calc(100vw - 9rem); z-index: 999992; }
.stApp:has([data-testid="stTopNav"]) [class*="st-key-pages-"] { display: none; }
:is([data-testid="stSidebarNav"], [data-testid="stSidebarNavSeparator"]) { display: none; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.5rem; }
  h1 { font-size: 1.7rem !important; padding-top: 0 !important; line-height: 1.4 !important; }
  h2 { font-size: 1.35rem !important; }
  [data-testid="stMarkdownContainer"] table { font-size: .9rem; }
  [data-testid="stMarkdownContainer"] :is(th, td) { padding: .3rem .3rem !important; }
}
</style>"""

# Phone first: at 480 pixels wide or less, tighter spacing, smaller headings and cards of 44 pixels, so that a
# step's or a puzzle's answer controls show on the first screen, unscrolled (``bench/phone.py`` counts them).
_PHONE = """<style>
@media (max-width: 480px) {
  [data-testid="stVerticalBlock"] { gap: .5rem; }
  h1 { font-size: 1.4rem !important; }
  h2 { font-size: 1.15rem !important; padding-top: .25rem !important; }
  [data-testid="stMarkdownContainer"] p { line-height: 1.45; }
  img.escoba-card { width: 44px !important; }
}
</style>"""


# Streamlit's own words are English whatever the page's language. Where it writes them as text, the text is shrunk
# to nothing and ours is shown after it at Streamlit's own size (14 pixels, 12 for the small print).
_SIZE, _SMALL = ".875rem", ".75rem"


def words_over(replaced: dict[str, tuple[str, str]]) -> str:
    """A style sheet showing, for each selector, the given words at the given size in place of the element's own."""
    rules = [
        f"{selector} {{ font-size: 0 !important; }}\n"
        f"{selector}::after {{ content: {json.dumps(words, ensure_ascii=False)}; font-size: {size}; }}"
        for selector, (words, size) in replaced.items()
    ]
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def streamlit_words(t: Translator) -> str:
    """Streamlit's main menu, the hint under a text box and the empty list of a choice box, in the page's
    language."""
    item = '[data-testid="stMainMenuItem-{}"]'
    label = item + ' [data-testid="stMainMenuItemLabel"]'
    hint = '[data-testid="InputInstructions"] > span:first-child'
    return words_over(
        {
            item.format("theme-System"): (t.text("System"), _SIZE),
            item.format("theme-Light"): (t.text("Light"), _SIZE),
            item.format("theme-Dark"): (t.text("Dark"), _SIZE),
            label.format("print"): (t.text("Print"), _SIZE),
            label.format("recordScreencast"): (t.text("Record the screen"), _SIZE),
            ".stMainMenuPopover span:has(+ .stMenuVersionCopyButton)": (
                t.text("Made with Streamlit {version}", version=st.__version__),
                _SMALL,
            ),
            '[role="listbox"][data-empty="true"] > [role="option"] > span': (t.text("Nothing matches"), _SIZE),
            hint: (t.text("Press Enter to apply"), _SMALL),
            f'[data-testid="stForm"] {hint}': (t.text("Press Enter to send"), _SMALL),
        }
    )


def page(title: str, where: DeltaGenerator = st.sidebar) -> CardStyle:
    """Start a page: its own document title (``title`` is its English one, as ``pages`` has it), the shared look,
    Streamlit's own words and the document's language in the page's language, and the language and card settings,
    drawn in ``where``: the sidebar, or the Settings page's own main area."""
    t = tr()
    st.set_page_config(page_title=f"{t.text(title)} · Escoba Trainer")
    st.html(_LOOK + _PHONE + streamlit_words(t))
    view = card_style(where)
    page_words(view.language, t.text("Skip to main content"))
    return view


def file_uploader(label: str, kinds: Sequence[str], most_mb: int, help: str, key: str) -> UploadedFile | None:
    """Streamlit's file uploader with its words in the page's language: its button, the drop zone's hint (which
    files, how large), what it says while a file is dragged over it, and its refusal of a wrong file (shown when the
    pointer rests on the file)."""
    t = tr()
    kinds_text = ", ".join(kind.upper() for kind in kinds)
    zone = f'.st-key-{key} [data-testid="stFileUploaderDropzone"]'
    st.html(
        words_over(
            {
                f'{zone} button [data-testid="stMarkdownContainer"] p': (t.text("Choose a file"), _SIZE),
                f'{zone} [data-testid="stFileUploaderDropzoneInstructions"] span': (
                    t.text("{kinds}, at most {most} MB", kinds=kinds_text, most=most_mb),
                    _SIZE,
                ),
                f"{zone} > div:not([data-testid]) > span": (t.text("Drop the file here"), _SIZE),
                f'body:has(.st-key-{key}) [data-testid="stTooltipErrorContent"]': (
                    t.text("Only a file of at most {most} MB ({kinds}) can be taken", kinds=kinds_text, most=most_mb),
                    _SMALL,
                ),
            }
        )
    )
    return st.file_uploader(label, type=list(kinds), max_upload_size=most_mb, help=help, key=key)
