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
