// The keypad: a number answered by tapping keys (digits, erase, minus, "none") into a display, then Check.
// A keyboard types into the display as well, and Enter checks; a phone shows no keyboard of its own over it.
// Taps stay in the browser (no rerun per key); the answer goes back as a trigger when it is checked.
// It runs after shared.js, which it uses.

const pads = new WeakMap(); // parent element -> the keypad drawn into it

function buildPad(parent, data) {
  const root = element("div", "keypad");
  const view = { data };
  const label = element("label", "pad-label", data.label);
  const display = element("input", "display");
  display.type = "text";
  display.id = `pad-${data.key}`;
  display.autocomplete = "off";
  display.spellcheck = false;
  display.maxLength = data.maxChars;
  display.setAttribute("inputmode", "none"); // the keys below are the phone's keyboard
  display.dataset.focus = "display";
  display.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      check(view);
    }
  });
  label.htmlFor = display.id;
  view.display = display;

  const entry = element("div", "entry"); // the display between the minus key, if any, and the erase key
  if (data.minus) entry.append(key(view, "−", data.minus, () => negated(view)));
  entry.append(display, key(view, "⌫", data.erase, () => erased(view)));

  const keys = element("div", "keys");
  keys.setAttribute("role", "group");
  keys.setAttribute("aria-label", data.keys);
  for (const digit of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]) {
    keys.append(key(view, digit, digit, () => typed(view, digit)));
  }
  if (data.none) {
    const none = key(view, data.none, data.none, () => show(view, data.none));
    none.classList.add("whole");
    keys.append(none);
  }

  view.heard = element("p", "unseen"); // what a tap made of the answer, read out after it
  view.heard.setAttribute("role", "status");
  view.confirm = button("confirm", data.check, "check");
  view.confirm.addEventListener("click", () => check(view));
  const actions = element("div", "actions");
  actions.append(view.confirm);
  root.append(label, entry, keys, actions, view.heard);
  for (const old of parent.querySelectorAll(".keypad")) old.remove();
  parent.append(root);
  return view;
}

// A key: its face, and the name a screen reader gives it when the face is a sign.
function key(view, face, name, action) {
  const node = button("key", face, `key:${name}`);
  if (name !== face) node.setAttribute("aria-label", name);
  node.addEventListener("click", action);
  return node;
}

function show(view, text) {
  view.display.value = text.slice(0, view.data.maxChars);
  view.heard.textContent = view.display.value;
}

// A digit goes after the others, or in place of "none".
function typed(view, digit) {
  const now = view.display.value === view.data.none ? "" : view.display.value;
  show(view, now + digit);
}

function erased(view) {
  const now = view.display.value;
  show(view, now === view.data.none ? "" : now.slice(0, -1));
}

// The minus sign comes and goes in front of the number.
function negated(view) {
  const now = view.display.value === view.data.none ? "" : view.display.value;
  show(view, now.startsWith("-") ? now.slice(1) : `-${now}`);
}

function check(view) {
  if (!view.data.disabled) view.send.trigger("check", view.display.value);
}

export default function ({ data, parentElement, setTriggerValue }) {
  const shape = JSON.stringify(data);
  let view = pads.get(parentElement);
  if (!view || view.shape !== shape) {
    const focused = parentElement.activeElement?.dataset?.focus;
    const kept = view ? view.display.value : "";
    view = buildPad(parentElement, data);
    view.display.value = kept;
    view.shape = shape;
    pads.set(parentElement, view);
    if (focused) parentElement.querySelector(`[data-focus="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  }
  view.send = { trigger: setTriggerValue };
  view.confirm.disabled = Boolean(data.disabled);
}
