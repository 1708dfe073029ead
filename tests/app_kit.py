"""What the app tests share about reading the page."""

import json
import re

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.testing.v1 import AppTest


def seen(markdown: str) -> str:
    """What a reader sees of Markdown whose marks the app escaped: the text without its backslashes, and without
    the word joiners that keep an address from becoming a link."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")


def tap(at: AppTest, chosen: dict[str, list[str]], name: str = "escoba_card_table") -> AppTest:
    """Tap cards on the page's card table and press its button, as the browser reports it: the cards chosen in each
    row, sent with the "confirm" event (AppTest has no way to set a custom component's value, so this sends the
    widget state the component would)."""
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == name]
    states = at._tree.get_widget_states()
    state = states.widgets.add()
    state.id = _make_trigger_id(board.proto.id, "events")
    state.json_trigger_value = json.dumps([{"event": "confirm", "value": chosen}])
    assert at._tree._runner is not None
    at._tree._runner._run(states)
    assert not at.exception, at.exception
    return at


def alerts(at: AppTest) -> list[str]:
    """Every error a screen reader is told on the page: the error boxes, and the messages of the card tables and the
    verdict boxes in the error tone."""
    boxes = [json.loads(e.proto.json).get("message") or {} for e in at.get("bidi_component")]
    return [e.value for e in at.error] + [box["text"] for box in boxes if box.get("tone") == "error"]
