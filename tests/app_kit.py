"""What the app tests share about reading the page."""

import json
import re

from google.protobuf import text_format
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import PageLink

from trainer.app.components import SENT_BY_A_TEST


def seen(markdown: str) -> str:
    """What a reader sees of Markdown whose marks the app escaped: the text without its backslashes, and without
    the word joiners that keep an address from becoming a link."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")


def send(at: AppTest, name: str, values: dict[str, object]) -> AppTest:
    """Send ``values`` from the page's table ``name`` as its browser would ("confirm" with the cards chosen in each
    row, "pace"), through the table's hook for tests (``SENT_BY_A_TEST``), and run the page."""
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == name]
    at.session_state[SENT_BY_A_TEST + json.loads(board.proto.json)["key"]] = values
    at.run()
    assert not at.exception, at.exception
    return at


def tap(at: AppTest, chosen: dict[str, list[str]], name: str = "escoba_card_table") -> AppTest:
    """Tap cards on the page's card table and press its button: the cards chosen in each row, sent as "confirm"."""
    return send(at, name, {"confirm": chosen})


def go_on(at: AppTest) -> AppTest:
    """Press the button under a right answer's verdict that goes on (a card table's or a verdict box's, whichever has
    one), as its browser would, and run the page."""
    [key] = [sent["key"] for e in at.get("bidi_component") if (sent := json.loads(e.proto.json)).get("onward")]
    at.session_state[SENT_BY_A_TEST + key] = {"onward": True}
    at.run()
    assert not at.exception, at.exception
    return at


def sent_verdicts(at: AppTest) -> dict[str, dict[str, str]] | None:
    """The verdicts the page's card table was sent, decoded as its browser reads them: each pick, named by the sum of
    2 to the power of each chosen card's place among the cards to pick, here named by its cards as row:token in
    the rows' order, with its message; None where none were sent."""
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    sent = json.loads(board.proto.json)
    if not sent.get("verdicts"):
        return None
    cards = [
        f"{row['name']}:{face['token']}"
        for row in sent["rows"]
        if row["pick"]
        for face in row["faces"]
        if face["token"]
    ]
    return {
        " ".join(card for place, card in enumerate(cards) if int(key) >> place & 1): sent["verdicts"]["messages"][n]
        for key, n in sent["verdicts"]["picks"].items()
    }


def alerts(at: AppTest) -> list[str]:
    """Every error a screen reader is told on the page: the error boxes, and the messages of the card tables and the
    verdict boxes in the error tone."""
    boxes = [json.loads(e.proto.json).get("message") or {} for e in at.get("bidi_component")]
    return [e.value for e in at.error] + [box["text"] for box in boxes if box.get("tone") == "error"]


def page_text(at: AppTest) -> str:
    """Everything the last run put on the page, main part and sidebar: each element's text, labels, options and
    table cells, as its message to the browser holds them."""
    return "\n".join(
        text_format.MessageToString(node.proto, as_utf8=True) for node in at._tree if getattr(node, "proto", None)
    )


def page_links(at: AppTest) -> list[PageLink]:
    """The links the page itself shows: every page link but those of the menu of pages (``navigation.navigate``)."""
    menus = [block for block in at.get("popover") if (block.key or "").startswith("pages-")]
    menu = {id(link) for block in menus for link in block.get("page_link")}
    return [link for link in at.get("page_link") if id(link) not in menu]
