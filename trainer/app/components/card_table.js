// The card table and the verdict box, drawn inside the component's shadow root.
// Python sends the rows and a message. Choosing cards stays in the browser (no rerun per tap);
// the pick goes back as a trigger when the learner confirms it, and Python checks it against the rows.
// It runs after shared.js, which it uses.

const views = new WeakMap(); // parent element -> the view drawn into it

// Draws the board once per set of rows; later data only updates the pick, the button and the message.
function build(parent, data) {
  const root = element("div", "card-table");
  const view = { cards: new Map(), chosen: {}, values: new Map(), tally: data.tally };
  const rows = data.rows || [];
  // the played card's row first, so a running sum reads "card played + cards taken"
  view.order = rows.map((row) => row.name).sort((a, b) => (b === "hand") - (a === "hand"));
  view.rows = rows.map((row) => row.name);

  const pickable = rows.some((row) => row.pick);
  view.hint = pickable && data.keys ? keysHint(`${data.key}-keys`, data.keys) : null;
  view.toolbars = [];
  const sections = rows.map((row, index) => {
    const section = element("div", "row");
    section.style.order = index; // seen in the rows' order, whatever order the keyboard takes them in
    const title = element("p", "title", row.title);
    title.id = `row-title-${index}`;
    section.append(title);
    if (row.faces.length === 0) {
      if (row.empty) section.append(element("p", "empty", row.empty));
    } else {
      const cards = element("div", "cards");
      cards.setAttribute("role", "group");
      cards.setAttribute("aria-labelledby", title.id);
      title.setAttribute("aria-hidden", "true"); // heard once, as the name of its cards
      for (const face of row.faces) {
        cards.append(drawCard(view, row, face));
        if (face.token) view.values.set(face.token, face.value);
      }
      if (row.pick && cards.querySelector("button.card")) {
        makeToolbar(cards, view.hint);
        view.toolbars.push(cards);
      }
      section.append(cards);
    }
    return section;
  });
  // The keyboard comes to the hand first, then the table, then the button that sends the pick.
  const hand = rows.findIndex((row) => row.name === "hand" && row.pick);
  if (hand > 0) sections.unshift(...sections.splice(hand, 1));
  root.append(...sections);
  root.addEventListener("keydown", (event) => playKey(event, view.confirm));

  const actions = element("div", "actions");
  if (data.confirm) {
    view.confirm = button("confirm", data.confirm, "confirm");
    view.confirm.addEventListener("click", () => {
      showVerdict(view);
      view.send.trigger("confirm", view.chosen);
    });
    actions.append(view.confirm);
  }
  if (rows.some((row) => row.pick)) {
    const clear = button("clear", data.clear, "clear");
    clear.addEventListener("click", () => choose(view, {}));
    actions.append(clear);
  }
  if (data.tally) {
    view.sum = element("p", "tally");
    view.sum.setAttribute("role", "status"); // polite: read out after the tap, never cutting in
    view.sum.setAttribute("aria-live", "polite");
    root.append(view.sum);
  }
  if (actions.childElementCount) root.append(actions);

  view.message = messageBox();
  view.message.id = `${data.key}-message`;
  root.append(view.message);
  if (view.hint) root.append(view.hint);

  for (const old of parent.querySelectorAll(".card-table")) old.remove();
  parent.append(root);
  return view;
}

function drawCard(view, row, face) {
  if (!row.pick || !face.token) {
    const image = element("span", "card");
    image.setAttribute("role", "img");
    image.setAttribute("aria-label", face.label);
    image.innerHTML = face.svg; // drawn by trainer.app.svg from card data, never from learner input
    image.firstElementChild?.setAttribute("aria-hidden", "true");
    return image;
  }
  const card = button("card", undefined, `card:${row.name}:${face.token}`);
  card.setAttribute("aria-label", face.label);
  card.innerHTML = face.svg; // as above: trusted drawing
  card.firstElementChild?.setAttribute("aria-hidden", "true");
  card.addEventListener("click", () => choose(view, toggled(view, row, face.token)));
  view.cards.set(card.dataset.focus, { card, row: row.name, token: face.token });
  return card;
}

// The pick after tapping a card: a "one" row holds at most one card; tokens stay in row order.
function toggled(view, row, token) {
  const current = new Set(view.chosen[row.name] || []);
  if (current.has(token)) {
    current.delete(token);
  } else {
    if (row.pick === "one") current.clear();
    current.add(token);
  }
  const next = { ...view.chosen };
  const tokens = row.faces.map((face) => face.token).filter((t) => current.has(t));
  if (tokens.length) next[row.name] = tokens;
  else delete next[row.name];
  return next;
}

function choose(view, chosen) {
  view.chosen = chosen;
  showPick(view);
}

function showPick(view) {
  for (const { card, row, token } of view.cards.values()) {
    card.setAttribute("aria-pressed", String((view.chosen[row] || []).includes(token)));
  }
  if (view.sum) view.sum.textContent = tallyText(view);
}

// A pick as Python names it in the verdicts it sends (pick_key in components/__init__.py): the sum of 2 to the
// power of each chosen card's place among the cards that can be picked, in the rows' order.
function pickKey(view) {
  let key = 0;
  let worth = 1;
  for (const { row, token } of view.cards.values()) {
    if ((view.chosen[row] || []).includes(token)) key += worth;
    worth *= 2;
  }
  return String(key);
}

// The engine's verdict on the pick, shown at once when Python sent it with the table; the rerun that records the
// answer brings the same message, which is then left as it is.
function showVerdict(view) {
  const known = view.verdicts?.picks?.[pickKey(view)];
  if (known === undefined) return;
  if (showMessage(view, view.key, view.verdicts.messages[known])) view.message.focus();
}

// The running sum in the words Python sent: "7 + 4 = 11", the played card first; empty before a card is chosen.
function tallyText(view) {
  const picked = view.order.flatMap((name) => (view.chosen[name] || []).map((token) => view.values.get(token)));
  if (!picked.length) return "";
  const values = view.tally.played ? [view.tally.played, ...picked] : picked;
  const total = values.reduce((sum, value) => sum + value, 0);
  const sum = values.length > 1 ? `${values.join(" + ")} = ${total}` : String(total);
  return view.tally.words.replace("{sum}", sum);
}

// The button to go on after a right answer, under its verdict and described by it, so that a screen reader landing
// on it hears the verdict too; true when it has just come.
function showOnward(view, label) {
  if (!label) {
    view.onward?.remove();
    view.onward = null;
    return false;
  }
  if (view.onward) {
    view.onward.textContent = label;
    return false;
  }
  view.onward = button("confirm onward", label, "onward");
  view.onward.setAttribute("aria-describedby", view.message.id);
  view.onward.addEventListener("click", () => view.send.trigger("onward", true));
  view.message.after(view.onward);
  return true;
}

export default function ({ data, parentElement, setTriggerValue }) {
  const shape = JSON.stringify([data.key, data.rows, data.confirm, data.clear, data.tally, data.keys]);
  let view = views.get(parentElement);
  let focused = null;
  const inside = Boolean(parentElement.activeElement); // the keyboard was in this table: it goes on from here
  if (!view || view.shape !== shape) {
    focused = parentElement.activeElement?.dataset?.focus;
    view = build(parentElement, data);
    view.shape = shape;
    views.set(parentElement, view);
  }
  view.send = { trigger: setTriggerValue };
  view.key = data.key;
  view.verdicts = data.verdicts;
  showPick(view);
  for (const toolbar of view.toolbars) roveStart(toolbar);
  if (view.confirm) view.confirm.disabled = Boolean(data.disabled);
  const shown = showMessage(view, data.key, data.message, data.unseen);
  if (showOnward(view, data.onward) && (shown || inside)) view.onward.focus();
  else if (shown) view.message.focus();
  else if (focused) parentElement.querySelector(`[data-focus="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
}
