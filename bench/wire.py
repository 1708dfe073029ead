"""Browser tabs on a running Streamlit app without a browser, for load benchmarks.

A :class:`Session` speaks the protocol of Streamlit's own frontend on ``ws://HOST:PORT/_stcore/stream``:
it sends ``BackMsg`` protobufs (a ``rerun_script`` carrying a ``ClientState``) and reads ``ForwardMsg``
protobufs until the run it asked for ends, so one process can act as many learners at once. Each
action is timed from sending its ``BackMsg`` to the final ``script_finished`` of the runs it causes
(a run that ends early for ``st.rerun()`` is followed by the next one); nothing is drawn.

Widget values are kept the way the browser keeps them: every rerun sends the values of all the widgets
shown, a form's edits are held back until its submit button is pressed, only the pressed button sends a
trigger, and a value the script sets (``st.session_state``) replaces the held one.

Limits: values are known for text_input, text_area, number_input, checkbox, radio and selectbox only
(other widgets are left to the value the server holds), and only buttons, form submit buttons and page
links can be pressed. A button or a widget drawn in a fragment reruns that fragment, as in the browser: the
elements of the run before stay, but those of a fragment that ran and were not drawn again. Dialogs, file
uploads, custom components, ``clear_on_submit`` and widgets bound to query parameters are not modelled. Like
the browser, a tab keeps the large messages it was sent and lists their hashes with each rerun, so the server
sends a reference to one it would send again.
"""

from __future__ import annotations

import re
import ssl
import time
from dataclasses import dataclass
from typing import Any, Self

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

VALUE_FIELDS = {  # the WidgetState field each known widget's value travels in
    "text_input": "string_value",
    "text_area": "string_value",
    "number_input": "double_value",
    "checkbox": "bool_value",
    "radio": "string_value",
    "selectbox": "string_value",
}
CHOICE_KINDS = {"radio", "selectbox"}  # their value is the label of the option chosen


@dataclass(frozen=True)
class Element:
    """One element shown: its kind (the ``Element`` proto's oneof name), its proto, the script that drew it."""

    kind: str
    proto: Any
    script_hash: str
    fragment_id: str = ""  # the fragment that drew it, if any: a click on it reruns that fragment alone

    @property
    def label(self) -> str:
        """A widget's or link's label, a text's body, an exception's message."""
        for name in ("label", "body", "message"):
            if hasattr(self.proto, name):
                return str(getattr(self.proto, name))
        return ""


def _optional(proto: Any, name: str) -> Any:
    """A field's value, or None for an optional field left unset."""
    try:
        return getattr(proto, name) if proto.HasField(name) else None
    except ValueError:  # a plain field, which always has a value
        return getattr(proto, name)


def _shown_value(widget: Element) -> Any:
    """The value the browser takes from a widget as drawn: the one the script set, else its default."""
    proto, choice = widget.proto, widget.kind in CHOICE_KINDS
    if proto.set_value:
        return _optional(proto, "raw_value" if choice else "value")
    default = _optional(proto, "default")
    return proto.options[default] if choice and default is not None else default


class Session:
    """One browser tab: open it on a page, then fill widgets, click buttons and follow page links."""

    def __init__(self, ws: ClientConnection, base_url: str, locale: str) -> None:
        self.elements: list[Element] = []  # the last finished run's elements, in page order
        self.query = ""  # the query string in the tab's address, as the server last set it
        self.page_hash = ""  # the script hash of the page shown
        self.pages: dict[str, str] = {}  # the url path of each page, by script hash
        self._ws, self._base_url, self._locale = ws, base_url, locale
        self._main_hash = ""
        # the page's elements and blocks by delta path, as the run being read leaves them
        self._tree: dict[tuple[int, ...], Element] = {}
        self._drawn: set[tuple[int, ...]] = set()  # the paths the run being read has drawn
        self._values: dict[str, WidgetState] = {}  # sent with every rerun
        self._pending: dict[str, dict[str, WidgetState]] = {}  # each form's edits, sent when it is submitted
        self._kept: dict[str, ForwardMsg] = {}  # the large messages received, by hash, which the server may refer to

    @classmethod
    async def open(
        cls, url: str, path: str = "", query: str = "", locale: str = "en-US", tls: ssl.SSLContext | None = None
    ) -> Self:
        """Connect to the app served at ``url`` (``http://host:port``, or ``https://`` with the ``tls`` context)
        and run the page at ``path``."""
        base_url = url.rstrip("/")
        ws = await connect(
            re.sub("^http", "ws", base_url) + "/_stcore/stream",
            subprotocols=[Subprotocol("streamlit")],
            max_size=None,
            ping_interval=None,  # the browser sends no pings either
            proxy=None,
            ssl=tls,
        )
        session = cls(ws, base_url, locale)
        session.query = query.lstrip("?")
        await session._rerun(page_name=path.strip("/"))
        return session

    async def close(self) -> None:
        """Close the tab: the server ends its session."""
        await self._ws.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    @property
    def page(self) -> str:
        """The url path of the page shown: "" for the default page."""
        return self.pages.get(self.page_hash, "")

    def find(self, kind: str, label: str | re.Pattern[str]) -> Element:
        """The first element of a kind whose label is ``label``, or matches it when it is a pattern."""
        for element in self.elements:
            if element.kind == kind and (
                label.search(element.label) if isinstance(label, re.Pattern) else element.label == label
            ):
                return element
        shown = [element.label for element in self.elements if element.kind == kind]
        raise LookupError(f"no {kind} labelled {label!r} on {self.page!r}, only {shown}")

    async def fill(self, widget: Element, value: Any) -> float:
        """Set a widget's value; outside a form this reruns the app, as the browser does, and times it."""
        self._hold(widget, value)
        if widget.proto.form_id or widget.proto.ignore_rerun:
            return 0.0
        return await self._rerun(fragment_id=widget.fragment_id)

    async def click(self, button: Element) -> float:
        """Press a button, or a form's submit button with the form's edits; returns the seconds taken."""
        if button.kind != "button" or button.proto.disabled:
            raise ValueError(f"{button.label!r} is not a button that can be pressed")
        if button.proto.is_form_submitter:
            self._values.update(self._pending.pop(button.proto.form_id, {}))
        return await self._rerun(trigger=button.proto.id, fragment_id=button.fragment_id)

    async def follow(self, link: Element) -> float:
        """Go to a page link's page with its query parameters, keeping the entrypoint's widget values."""
        if link.kind != "page_link" or link.proto.external or link.proto.disabled:
            raise ValueError(f"{link.label!r} is not a link to a page of the app")
        return await self._go(link.proto.page_script_hash, link.proto.query_string)

    async def visit(self, path: str) -> float:
        """Go to the page at ``path`` ("" for the default) as the sidebar's menu does, with no query."""
        [page_hash] = [key for key, url_path in self.pages.items() if url_path == path.strip("/")]
        return await self._go(page_hash, "")

    async def _go(self, page_hash: str, query: str) -> float:
        """Run another page, keeping only the values of the widgets the entrypoint drew."""
        kept = {
            element.proto.id
            for element in self.elements
            if element.kind in VALUE_FIELDS and element.script_hash == self._main_hash
        }
        self._values = {key: state for key, state in self._values.items() if key in kept}
        self.query = query
        return await self._rerun(page_hash=page_hash)

    def _hold(self, widget: Element, value: Any) -> None:
        """Keep a widget's value where the browser does: with its form's edits, or with the values sent."""
        held = self._pending.setdefault(widget.proto.form_id, {}) if widget.proto.form_id else self._values
        if value is None:
            held.pop(widget.proto.id, None)
        else:
            held[widget.proto.id] = WidgetState(id=widget.proto.id, **{VALUE_FIELDS[widget.kind]: value})

    async def _rerun(
        self, trigger: str = "", page_hash: str | None = None, page_name: str = "", fragment_id: str = ""
    ) -> float:
        """Ask for a run with the tab's state (of one fragment, with ``fragment_id``), read it to its end, and
        return the seconds taken."""
        msg = BackMsg()
        state = msg.rerun_script
        state.fragment_id = fragment_id
        state.query_string = self.query
        state.page_script_hash = self.page_hash if page_hash is None else page_hash
        state.page_name = page_name  # only on opening, where the page is known by its url path
        state.widget_states.widgets.extend(self._values.values())
        if trigger:
            state.widget_states.widgets.add(id=trigger, trigger_value=True)
        state.cached_message_hashes.extend(self._kept)
        context = state.context_info
        context.locale, context.timezone, context.timezone_offset = self._locale, "UTC", 0
        context.url = f"{self._base_url}/{page_name or self.page}" + (f"?{self.query}" if self.query else "")
        context.color_scheme, context.is_embedded = "light", False
        start = time.perf_counter()
        await self._ws.send(msg.SerializeToString())
        await self._read_run()
        return time.perf_counter() - start

    async def _read_run(self) -> None:
        """Read ForwardMsgs until the run asked for, and any run ``st.rerun()`` started after it, finishes."""
        started = False
        while True:
            msg = ForwardMsg.FromString(await self._ws.recv(decode=False))
            if msg.HasField("ref_hash"):  # one sent before, at the place this reference gives
                kept = ForwardMsg()
                kept.CopyFrom(self._kept[msg.ref_hash])
                kept.metadata.CopyFrom(msg.metadata)
                msg = kept
            elif msg.metadata.cacheable:
                self._kept[msg.hash] = msg
            kind = msg.WhichOneof("type")
            if kind == "new_session":  # a run starts: what the page shows stays until the run replaces it
                started, self._drawn = True, set()
                self._main_hash, self.page_hash = msg.new_session.main_script_hash, msg.new_session.page_script_hash
                self.pages = {page.page_script_hash: page.url_pathname for page in msg.new_session.app_pages}
            elif kind == "navigation":  # st.navigation chose the page
                self.page_hash = msg.navigation.page_script_hash
                self.pages = {page.page_script_hash: page.url_pathname for page in msg.navigation.app_pages}
            elif kind == "page_info_changed":  # st.query_params changed
                self.query = msg.page_info_changed.query_string
            elif kind == "delta":
                self._apply(msg)
            elif kind == "script_finished" and started:
                if msg.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    raise RuntimeError("the app's script did not compile")
                if msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    self._finish(msg.script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
                    return

    def _apply(self, msg: ForwardMsg) -> None:
        """Put a delta's element or block at its path, dropping what was there before."""
        if msg.delta.WhichOneof("type") not in {"new_element", "add_block"}:
            return
        path = tuple(msg.metadata.delta_path)
        for old in [old for old in self._tree if old[: len(path)] == path]:
            del self._tree[old]
        self._drawn.add(path)
        element = msg.delta.new_element if msg.delta.HasField("new_element") else None
        kind = (element.WhichOneof("type") or "") if element is not None else ""
        proto = getattr(element, kind, None) if element is not None else None
        self._tree[path] = Element(kind, proto, msg.metadata.active_script_hash, msg.delta.fragment_id)

    def _finish(self, fragment_run: bool) -> None:
        """Show the finished run's elements: after a whole run, those it drew; after a fragment's, also those of
        the page outside the fragments that ran. Hold the values of the widgets still shown."""
        ran = {self._tree[path].fragment_id for path in self._drawn}
        self._tree = {
            path: element
            for path, element in self._tree.items()
            if path in self._drawn or (fragment_run and element.fragment_id not in ran)
        }
        self.elements = [element for path, element in sorted(self._tree.items()) if element.kind]
        widgets = {element.proto.id: element for element in self.elements if element.kind in VALUE_FIELDS}
        self._values = {key: state for key, state in self._values.items() if key in widgets}
        self._pending = {
            form: {key: state for key, state in held.items() if key in widgets} for form, held in self._pending.items()
        }
        for key, widget in widgets.items():
            pending = self._pending.get(widget.proto.form_id, {})
            if widget.proto.set_value or (key not in self._values and key not in pending):
                self._hold(widget, _shown_value(widget))
