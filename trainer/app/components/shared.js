// What the card table and the seat table both use: made elements, buttons that keep the focus across redraws, and
// the message box. Each table's script is appended to this one when it is registered (components/__init__.py), so
// these names are in scope there.

const shownMessages = new Map(); // component key -> the last message shown, to focus a new one
const ICONS = { success: "✓", error: "✗", warning: "!", info: "i" };

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(className, text, focusId) {
  const node = element("button", className, text);
  node.type = "button";
  node.dataset.focus = focusId;
  return node;
}

// The message box, hidden until there is a message; it takes the focus when a new one comes.
function messageBox() {
  const box = element("div", "message");
  box.tabIndex = -1;
  box.dataset.focus = "message";
  box.hidden = true;
  return box;
}

// Shows the message; true when it is one not shown before under this key, so it should take the focus. An unseen
// message is for screen readers alone: a polite live region out of sight, never focused.
function showMessage(view, key, message, unseen = false) {
  const box = view.message;
  const said = message ? `${message.tone}\n${message.text}` : "";
  const isNew = Boolean(message) && !unseen && shownMessages.get(key) !== said;
  shownMessages.set(key, said);
  if (view.said === said) return isNew;
  view.said = said;
  box.hidden = !message;
  box.setAttribute("role", message && message.tone === "error" && !unseen ? "alert" : "status");
  box.replaceChildren();
  if (message) {
    box.className = unseen ? "unseen" : `message ${message.tone}`;
    box.append(element("span", "icon", ICONS[message.tone]), element("span", "text", message.text));
    box.firstChild.setAttribute("aria-hidden", "true");
  }
  return isNew;
}

// -- rows of cards to pick from, as WAI-ARIA toolbars -------------------------------------------------------------

// Makes ``group`` a toolbar of card buttons: one Tab stop (the card last focused there), the arrow keys, Home and
// End moving along it; ``hint`` is the element that says which keys do what.
function makeToolbar(group, hint) {
  group.setAttribute("role", "toolbar");
  if (hint) group.setAttribute("aria-describedby", hint.id);
  if (group.dataset.roving) return;
  group.dataset.roving = "yes";
  group.addEventListener("keydown", roveKeys);
  group.addEventListener("focusin", (event) => {
    if (event.target.matches("button.card")) roveTo(group, event.target);
  });
}

function roveCards(group) {
  return [...group.querySelectorAll("button.card")];
}

// Makes ``card`` the toolbar's one Tab stop.
function roveTo(group, card) {
  for (const node of roveCards(group)) node.tabIndex = node === card ? 0 : -1;
  group.dataset.stop = card.dataset.focus;
}

// The Tab stop of a toolbar drawn afresh: the card that was the stop, if it is still there, else the first card
// chosen, else the first card.
function roveStart(group) {
  const cards = roveCards(group);
  const stop =
    cards.find((card) => card.dataset.focus === group.dataset.stop) ||
    cards.find((card) => card.getAttribute("aria-pressed") === "true") ||
    cards[0];
  if (stop) roveTo(group, stop);
}

// The first card a keyboard lands on in a toolbar: its Tab stop.
function roveStop(group) {
  return group?.querySelector('button.card[tabindex="0"]') || null;
}

const ROVE_KEYS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

function roveKeys(event) {
  const group = event.currentTarget;
  const cards = roveCards(group);
  const at = cards.indexOf(event.target);
  if (at < 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  let next;
  if (event.key in ROVE_KEYS) next = cards[(at + ROVE_KEYS[event.key] + cards.length) % cards.length];
  else if (event.key === "Home") next = cards[0];
  else if (event.key === "End") next = cards[cards.length - 1];
  else return;
  event.preventDefault(); // no scrolling, and no other listener (the replay's arrows) sees the key
  event.stopPropagation();
  roveTo(group, next);
  next.focus();
}

// Ctrl+Enter (or ⌘+Enter) anywhere in a table presses its confirm button, when it may be pressed.
function playKey(event, confirm) {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || !confirm || confirm.disabled) return;
  event.preventDefault(); // the focused card is not picked as well
  confirm.click();
}

// The line that says which keys do what, seen while the keyboard is in the table, heard with each row of cards.
function keysHint(id, words) {
  const hint = element("p", "keys-hint", words);
  hint.id = id;
  return hint;
}
