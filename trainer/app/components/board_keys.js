// The keyboard's way to the board, in the page itself (outside every shadow root): a "Skip to the board" link,
// the first thing Tab reaches on a page with a board, and the focus put on the board when Python asks for it
// (after Next or Back, a new puzzle, a new deal), once the page has been drawn.

const LINK = "escoba-skip-board"; // kept out of sight until focused by the page's style (style.py)
let asked = null; // the last focus asked for: a new one is taken once

// What the learner acts on first: the Tab stop of the first row of cards to pick from (the hand's), else the first
// control of a board (a keypad's display, a table's first button), else a choice, a number or a box to answer with
// (not one folded away), else the board itself, else the button to go on with (``then``: the key of its container,
// such as a step's Back and Next); null while none is drawn.
function boardControl(then) {
  const main = document.querySelector("[data-testid='stMain']");
  if (!main) return null;
  const boards = [...main.querySelectorAll("[data-testid^='stBidiComponent']")]
    .map((host) => host.shadowRoot?.querySelector(".card-table, .seat-table, .keypad"))
    .filter((board) => board && (board.querySelector(".cards, .my-hand, .display") || board.matches(".seat-table")));
  for (const board of boards) {
    const stop = board.querySelector('[role="toolbar"] button.card[tabindex="0"]');
    if (stop) return stop;
  }
  const widgets = "[data-testid='stRadio'] input, [data-testid='stNumberInput'] input, [data-testid='stTextInput'] input";
  const widget = [...main.querySelectorAll(widgets)].find((node) => !node.closest("[data-testid='stExpander']"));
  const first = boards[0]?.querySelector("input.display, button:not(:disabled)");
  if (first && !(widget && widget.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_PRECEDING)) return first;
  if (widget) return widget;
  if (boards[0]) {
    if (!boards[0].hasAttribute("tabindex")) boards[0].tabIndex = -1;
    return boards[0];
  }
  const onward = then && main.querySelector(`.st-key-${then} [data-testid="stBaseButton-primary"]:not(:disabled)`);
  return onward || null;
}

function focusBoard(then) {
  const control = boardControl(then);
  if (!control) return false;
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: "nearest" });
  return true;
}

// Waits until the page's run is over and its board is drawn (a component's script loads after the page), for up to
// three seconds, then puts the focus on the board.
function focusWhenDrawn(then, started = performance.now()) {
  const running = document.querySelector("[data-testid='stApp']")?.dataset.testScriptState !== "notRunning";
  if ((running || !boardControl(then)) && performance.now() - started < 3000) {
    requestAnimationFrame(() => focusWhenDrawn(then, started));
  } else focusBoard(then);
}

function skipLink(words, then) {
  let link = document.getElementById(LINK);
  if (!link) {
    link = document.createElement("a");
    link.id = LINK;
    link.href = "#stMain"; // where a browser would go on its own: the page's main part, as Streamlit's own link
    link.addEventListener("click", (event) => {
      event.preventDefault();
      focusBoard(link.dataset.then);
    });
    document.body.prepend(link);
  }
  if (link.textContent !== words) link.textContent = words;
  link.dataset.then = then || "";
  return link;
}

export default function ({ data }) {
  const link = skipLink(data.skip, data.then);
  if (data.focus && data.focus !== asked) {
    asked = data.focus;
    requestAnimationFrame(() => focusWhenDrawn(data.then));
  }
  return () => link.remove(); // the page left: a page without a board has no link to it
}
