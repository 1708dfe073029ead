// The seat table: the seats round the table, the table cards, the stock, the piles and the learner's hand, drawn
// inside the component's shadow root. Python sends the boards of the deal's states and the moves between them
// (trainer/app/seat_table.py); this file only draws them and moves the cards, it never works out a rule.
// During play the moves are shown one at a time at the learner's pace, then the learner picks a hand card and table
// cards and presses Play; the pick goes back as a trigger and Python checks it. In a replay the learner steps
// through the states with the buttons or the arrow keys, after its last moves are shown moving. It runs after
// shared.js, which it uses.

const views = new WeakMap(); // parent element -> the view drawn into it
const progress = new Map(); // a sequence's id -> how many of its moves were shown, so a rerun does not replay them
const UNITS = { fast: 150, normal: 550, slow: 1100, step: 550 }; // milliseconds per stage of a move
const THINKING_AFTER = 300; // milliseconds after Play before the table says the computer is thinking

function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// -- drawing ---------------------------------------------------------------------------------------------------

// A card face as a picture with its spoken name; the svg is drawn by trainer.app.svg from card data, never from
// learner input.
function faceImage(data, id, className = "card") {
  const face = data.faces[id];
  const image = element("span", className);
  image.setAttribute("role", "img");
  image.setAttribute("aria-label", face.label);
  image.innerHTML = face.svg;
  image.firstElementChild?.setAttribute("aria-hidden", "true");
  image.dataset.token = face.token;
  return image;
}

// A card back, for a hand or a pile seen from the other side; it says nothing, the count beside it does.
function back(data, className) {
  const node = element("span", className);
  node.innerHTML = data.back;
  node.setAttribute("aria-hidden", "true");
  node.firstElementChild?.removeAttribute("role");
  return node;
}

function seatBox(view, seat) {
  const { data } = view;
  const box = element("section", `seat ${seat.edge}${seat.ours ? " ours" : ""}${seat.dealer ? " dealer" : ""}`);
  box.dataset.seat = seat.seat;
  box.setAttribute("aria-label", seat.name);
  const name = element("p", "seat-name", seat.name);
  name.setAttribute("aria-hidden", "true"); // the section says it
  const hand = element("div", "seat-hand");
  const pile = element("div", "pile");
  pile.dataset.side = seat.side;
  box.append(name, hand, pile);
  view.seats.set(seat.seat, { box, hand, pile, seat });
  return box;
}

// Builds the fixed frame once per sequence: seats, table, hand and controls. Boards are then drawn into it.
function build(parent, data) {
  const root = element("div", `seat-table players-${data.seats.length}${data.replay ? " replay" : ""}`);
  root.dataset.seq = data.seq;
  const view = { data, root, seats: new Map(), chosen: {}, runs: 0, shown: progress.get(data.seq) || 0 };
  view.controls = element("div", "controls");
  const ring = element("div", "ring");
  for (const edge of ["top", "left", "right", "bottom"]) {
    const holder = element("div", `edge edge-${edge}`);
    const seats = data.seats.filter((seat) => seat.edge === edge);
    if (edge === "top") seats.sort((a, b) => b.angle - a.angle); // left to right as seen from the learner's place
    for (const seat of seats) holder.append(seatBox(view, seat));
    ring.append(holder);
  }
  view.felt = element("div", "felt");
  view.tableTitle = element("p", "felt-title");
  view.tableTitle.id = `${data.key}-table-title`;
  view.tableTitle.setAttribute("aria-hidden", "true"); // heard once, as the name of the table's cards
  view.stock = element("div", "stock");
  view.stock.setAttribute("role", "img"); // one name, "stock: 30 cards", for its picture and its count
  view.table = element("div", "table-cards");
  view.table.setAttribute("role", "group");
  view.table.setAttribute("aria-labelledby", view.tableTitle.id);
  view.flag = element("p", "escoba-flag", data.words.escoba);
  view.flag.hidden = true;
  view.flag.setAttribute("aria-hidden", "true"); // the move's words say it
  view.felt.append(view.tableTitle, view.stock, view.table, view.flag);
  ring.append(view.felt);

  view.hand = element("div", "my-hand");
  view.hand.setAttribute("role", "group");
  view.hand.setAttribute("aria-label", data.words.hand);
  view.sum = element("p", "tally");
  view.sum.setAttribute("role", "status");
  view.sum.setAttribute("aria-live", "polite");
  view.actions = element("div", "actions");
  view.live = liveRegion(parent);
  view.message = messageBox();
  // The keyboard comes to the hand first, then the table, then Play; the CSS keeps the table above the hand.
  root.append(view.controls, view.hand, ring, view.sum, view.actions, view.message);
  view.hint = data.pick ? keysHint(`${data.key}-keys`, data.words.keys) : null;
  if (view.hint) root.append(view.hint);
  if (data.replay) buildReplayControls(view);
  else buildPlayControls(view);
  root.addEventListener("keydown", (event) => {
    arrowKeys(view, event);
    playKey(event, view.play);
  });

  for (const old of parent.querySelectorAll(".seat-table")) old.remove();
  parent.append(root);
  return view;
}

// The polite live region every move is read out by: one per component, kept from one table drawn to the next so a
// screen reader hears each change of its words.
function liveRegion(parent) {
  let live = [...parent.children].find((node) => node.classList.contains("live"));
  if (!live) {
    live = element("p", "unseen live");
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    parent.append(live);
  }
  return live;
}

// Draws one board: every seat's hand and pile, the table, the stock and the learner's hand. ``extra`` is a card
// put on the table for a move under way; ``lit`` the tokens lit up.
function drawBoard(view, board, { extra = null, lit = [], pickable = false } = {}) {
  const { data } = view;
  view.board = board;
  for (const { hand, pile, seat } of view.seats.values()) {
    drawSeatHand(view, hand, board, seat.seat);
    drawPile(view, pile, board, seat.side);
  }
  const table = extra && !board.table.includes(extra) ? [...board.table, extra] : board.table;
  view.tableTitle.textContent = data.words.table;
  view.stock.replaceChildren();
  if (board.stock) view.stock.append(back(data, "stock-card"));
  view.stock.append(hidden(element("span", "count", data.words.stock[board.stock])));
  view.stock.setAttribute("aria-label", data.words.stock[board.stock]);
  view.cards = new Map();
  view.table.replaceChildren(...table.map((id) => tableCard(view, id, "table", pickable)));
  if (!table.length) view.table.append(element("p", "empty", data.words.empty));
  const mine = board.hands[data.me] || [];
  view.hand.replaceChildren(...mine.map((id) => tableCard(view, id, "hand", pickable)));
  for (const group of [view.hand, view.table]) {
    if (pickable && group.querySelector("button.card")) makeToolbar(group, view.hint);
    else group.setAttribute("role", "group");
  }
  for (const node of view.root.querySelectorAll("[data-token]")) {
    node.classList.toggle("lit", lit.includes(node.dataset.id));
  }
  showPick(view);
  if (pickable) for (const group of [view.hand, view.table]) roveStart(group);
}

function hidden(node) {
  node.setAttribute("aria-hidden", "true");
  return node;
}

function drawSeatHand(view, holder, board, seat) {
  const { data } = view;
  holder.replaceChildren();
  if (seat === data.me) return; // the learner's own hand is drawn big, below the table
  const faces = board.hands[seat];
  const fan = element("span", "fan");
  if (faces) for (const id of faces) fan.append(faceImage(data, id, "mini"));
  else for (let n = 0; n < board.counts[seat]; n += 1) fan.append(back(data, "mini"));
  const count = data.words.inHand[board.counts[seat]];
  // Face down, a picture of so many cards; face up (a replay), the cards themselves, each named.
  holder.setAttribute("role", faces ? "group" : "img");
  holder.setAttribute("aria-label", count);
  holder.append(fan, faces ? hidden(element("span", "count", count)) : element("span", "count", count));
}

function drawPile(view, holder, board, side) {
  const { data } = view;
  holder.replaceChildren();
  const stack = element("span", "stack");
  if (board.piles[side]) stack.append(back(data, "pile-card"));
  for (const id of board.escobas[side]) stack.append(faceImage(data, id, "escoba-card"));
  const words = `${data.pileWords[side]}: ${data.words.pile[board.piles[side]]}`;
  // One name for the whole pile: its count, and the cards its escobas were made with.
  holder.setAttribute("role", "img");
  holder.setAttribute("aria-label", [words, board.escobasSaid[side]].filter(Boolean).join(", "));
  holder.append(hidden(stack), hidden(element("span", "count", words)));
}

// A card on the table or in the learner's hand: a button while the learner may pick, else a picture.
function tableCard(view, id, row, pickable) {
  const { data } = view;
  const face = data.faces[id];
  if (!pickable) {
    const image = faceImage(data, id);
    image.dataset.id = id;
    return image;
  }
  const card = button("card", undefined, `card:${row}:${face.token}`);
  card.setAttribute("aria-label", face.label);
  card.innerHTML = face.svg; // trusted drawing, as above
  card.firstElementChild?.setAttribute("aria-hidden", "true");
  card.dataset.token = face.token;
  card.dataset.id = id;
  card.addEventListener("click", () => toggle(view, row, face.token));
  view.cards.set(card.dataset.focus, { card, row, token: face.token });
  return card;
}

// -- picking ---------------------------------------------------------------------------------------------------

// A tap: the hand holds at most one chosen card, the table any number; tokens stay in the order shown.
function toggle(view, row, token) {
  const current = new Set(view.chosen[row] || []);
  if (current.has(token)) current.delete(token);
  else {
    if (row === "hand") current.clear();
    current.add(token);
  }
  const order = [...view.cards.values()].filter((c) => c.row === row).map((c) => c.token);
  const next = { ...view.chosen, [row]: order.filter((t) => current.has(t)) };
  if (!next[row].length) delete next[row];
  view.chosen = next;
  showPick(view);
}

function showPick(view) {
  for (const { card, row, token } of view.cards?.values() || []) {
    card.setAttribute("aria-pressed", String((view.chosen[row] || []).includes(token)));
  }
  view.sum.textContent = tallyText(view);
}

// The running sum in the words Python sent: "7 + 4 = 11", the hand card first; empty before a card is chosen.
function tallyText(view) {
  const value = (token) => Object.values(view.data.faces).find((face) => face.token === token).value;
  const picked = ["hand", "table"].flatMap((row) => (view.chosen[row] || []).map(value));
  if (!picked.length) return "";
  const total = picked.reduce((sum, v) => sum + v, 0);
  return view.data.words.tally.replace("{sum}", picked.length > 1 ? `${picked.join(" + ")} = ${total}` : total);
}

// -- controls --------------------------------------------------------------------------------------------------

function buildPlayControls(view) {
  const { data } = view;
  const paces = element("div", "paces");
  paces.setAttribute("role", "group");
  const label = element("span", "paces-label", data.words.pace);
  label.id = `${data.key}-pace`;
  label.setAttribute("aria-hidden", "true"); // heard once, as the name of its group
  paces.setAttribute("aria-labelledby", label.id);
  paces.append(label);
  view.paceButtons = data.paces.map(([pace, words]) => {
    const choice = button("pace", words, `pace:${pace}`);
    choice.dataset.pace = pace;
    choice.addEventListener("click", () => setPace(view, pace));
    paces.append(choice);
    return choice;
  });
  view.pause = button("control", data.words.pause, "pause");
  view.pause.addEventListener("click", () => setPaused(view, !view.paused));
  view.next = button("control", data.words.next, "next");
  view.next.addEventListener("click", () => view.wake?.());
  view.skip = button("control", data.words.skip, "skip");
  view.skip.addEventListener("click", () => skipToTurn(view));
  view.controls.append(paces, view.pause, view.skip, view.next);
  if (data.pick) {
    view.play = button("confirm", data.words.play, "confirm");
    view.play.addEventListener("click", () => {
      view.send.trigger("confirm", view.chosen);
      thinkSoon(view);
    });
    const clear = button("clear", data.words.clear, "clear");
    clear.addEventListener("click", () => {
      view.chosen = {};
      showPick(view);
    });
    view.thinking = element("p", "thinking", data.words.thinking);
    view.thinking.setAttribute("role", "status");
    view.thinking.hidden = true;
    view.actions.append(view.play, clear, view.thinking);
  }
}

function buildReplayControls(view) {
  const { words } = view.data;
  view.back = button("control", words.back, "back");
  view.back.addEventListener("click", () => step(view, -1));
  view.forward = button("control", words.forward, "forward");
  view.forward.addEventListener("click", () => step(view, 1));
  view.where = element("span", "where");
  view.controls.append(view.back, view.where, view.forward);
}

function arrowKeys(view, event) {
  if (!view.data.replay || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
  event.preventDefault();
  step(view, event.key === "ArrowRight" ? 1 : -1);
}

// Says the computer is thinking if Python's answer to a play has not come within ``THINKING_AFTER``; the answer,
// whatever it is, draws the table again and ends it (``stopThinking``).
function thinkSoon(view) {
  stopThinking(view);
  view.thinkingTimer = setTimeout(() => {
    view.thinking.hidden = false;
  }, THINKING_AFTER);
}

function stopThinking(view) {
  clearTimeout(view.thinkingTimer);
  if (view.thinking) view.thinking.hidden = true;
}

function setPace(view, pace) {
  view.pace = pace;
  view.send.state("pace", pace);
  showControls(view);
  view.wake?.(); // a move waiting for "Next play" goes on at the new pace
}

function setPaused(view, paused) {
  view.paused = paused;
  showControls(view);
  if (!paused) view.wake?.();
}

function skipToTurn(view) {
  view.skipping = true;
  view.wake?.();
}

// The buttons as the sequence stands: pace chosen, Pause or Go on, Next play seen only at the step pace.
function showControls(view) {
  const { data } = view;
  // What the table is doing, for tests and styles: "playing" moves, the learner's "turn", or "done".
  if (data.replay) {
    view.root.dataset.state = view.autoplay ? "playing" : "done";
    view.back.disabled = view.shown <= 0;
    view.forward.disabled = view.shown >= data.moves.length;
    view.where.textContent = data.words.step.replace("{step}", view.shown + 1).replace("{steps}", data.boards.length);
    return;
  }
  const playing = view.shown < data.moves.length;
  view.root.dataset.state = playing ? "playing" : data.pick ? "turn" : "done";
  view.root.dataset.shown = view.shown; // how many of the moves sent have been shown
  for (const choice of view.paceButtons) choice.setAttribute("aria-pressed", String(choice.dataset.pace === view.pace));
  view.pause.textContent = view.paused ? data.words.resume : data.words.pause;
  view.pause.setAttribute("aria-pressed", String(Boolean(view.paused)));
  // Kept in place at the learner's turn, only disabled, so the table below never moves up or down.
  view.pause.disabled = !playing;
  view.skip.disabled = !playing;
  view.next.disabled = !playing;
  view.next.style.visibility = view.pace === "step" ? "" : "hidden";
  if (view.play) view.play.disabled = playing;
}

// -- moves -----------------------------------------------------------------------------------------------------

// Waits the time of one stage at the pace chosen, or, paused or at the step pace, until the learner goes on.
async function stage(view, run, factor = 1) {
  if (view.skipping || run !== view.runs) return;
  // What the table waits for, for tests: the time of a stage, or the learner's "Go on" (no timer runs then).
  view.root.dataset.waiting = view.paused ? "pause" : "time";
  await new Promise((resolve) => {
    const timer = view.paused ? null : setTimeout(resolve, UNITS[view.pace] * factor);
    view.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  delete view.root.dataset.waiting;
  view.wake = null;
  if (view.paused && !view.skipping && run === view.runs) await stage(view, run, factor);
}

// Waits before a move at the step pace, until "Next play".
async function nextPressed(view, run) {
  if (view.pace !== "step" || view.skipping || run !== view.runs) return;
  view.root.dataset.waiting = "next";
  await new Promise((resolve) => {
    view.wake = resolve;
  });
  delete view.root.dataset.waiting;
  view.wake = null;
}

// Flies a copy of the card ``node`` from where ``from`` is to where ``to`` is, over ``ms``, growing or shrinking to
// its size there; nothing moves for those who ask for less motion.
async function slide(view, node, from, to, ms) {
  if (!node || !from || !to || reducedMotion()) return;
  const start = from.getBoundingClientRect();
  const end = to.getBoundingClientRect();
  const base = view.root.getBoundingClientRect();
  const ghost = node.cloneNode(true);
  for (const name of ["role", "aria-label", "aria-pressed", "data-focus", "data-id", "data-token"]) {
    ghost.removeAttribute(name);
  }
  ghost.className = "ghost";
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, {
    left: `${start.left - base.left}px`,
    top: `${start.top - base.top}px`,
    width: `${start.width}px`,
    transition: `transform ${ms}ms ease-in-out`,
  });
  view.root.append(ghost);
  ghost.getBoundingClientRect(); // lay it out where it starts before it moves
  const scale = end.width / Math.max(1, start.width);
  ghost.style.transform = `translate(${end.left - start.left}px, ${end.top - start.top}px) scale(${scale})`;
  await sleep(ms);
  ghost.remove();
}

// One move: the card from the seat to the table, the cards it takes lit, then carried to the side's pile, an
// escoba flagged; then the board after it. Its words go to the live region.
async function showMove(view, index, run) {
  const { data } = view;
  const move = data.moves[index];
  const before = data.boards[index];
  const after = data.boards[index + 1];
  const unit = UNITS[view.pace];
  view.live.textContent = move.said;
  const own = move.seat === data.me && !data.replay; // the learner has just made it: shown done at once
  if (move.seat !== null && !view.skipping && !own) {
    const seat = view.seats.get(move.seat);
    // from the learner's own card, in a replay, or from the back of the seat's last card
    const from = view.hand.querySelector(`[data-id="${move.card}"]`) || seat.hand.querySelector(".fan > :last-child");
    drawBoard(view, before, { extra: move.card });
    const played = view.table.querySelector(`[data-id="${move.card}"]`);
    played.classList.add("arriving");
    if (!move.claim) await slide(view, played, from, played, unit);
    played.classList.remove("arriving");
    drawBoard(view, before, { extra: move.card, lit: move.taken.length ? [move.card, ...move.taken] : [move.card] });
    view.flag.hidden = !move.escoba;
    await stage(view, run);
    if (move.taken.length && !view.skipping) {
      const lit = [...view.table.querySelectorAll(".lit")];
      const stack = seat.pile.querySelector(".stack");
      await Promise.all(lit.map((card) => slide(view, card, card, stack, unit)));
    }
    view.flag.hidden = true;
  }
  drawBoard(view, after);
}

// Shows the moves not yet shown, one at a time, then gives the learner the turn.
async function play(view) {
  const { data } = view;
  const run = ++view.runs;
  showControls(view);
  drawBoard(view, data.boards[view.shown]);
  if (view.hadFocus && view.shown < data.moves.length) view.pause.focus(); // the keyboard's place while it plays
  while (view.shown < data.moves.length && run === view.runs && !view.skipping) {
    if (data.moves[view.shown].seat !== data.me) await nextPressed(view, run); // the learner's own play needs none
    if (run !== view.runs || view.skipping) break;
    await showMove(view, view.shown, run);
    if (run !== view.runs) return;
    view.shown += 1;
    progress.set(data.seq, view.shown);
    showControls(view);
    const own = data.moves[view.shown - 1].seat === data.me;
    if (view.shown < data.moves.length && !own) await stage(view, run, 0.5);
  }
  if (run !== view.runs) return;
  view.shown = data.moves.length;
  progress.set(data.seq, view.shown);
  view.skipping = false;
  showControls(view);
  drawBoard(view, data.boards[view.shown], { pickable: data.pick });
  if (data.pick) {
    view.live.textContent = data.words.turn;
    if (view.hadFocus || view.root.getRootNode().activeElement) roveStop(view.hand)?.focus(); // the keyboard's turn
  }
}

// The replay opens at the state Python chose (the learner's last play, at the end of a deal) and shows the moves
// from there moving, at the learner's pace, unless that pace is step by step or the replay was seen before; then
// every state is there to step through.
async function openReplay(view) {
  const { data } = view;
  const seen = progress.has(data.seq);
  view.shown = seen ? progress.get(data.seq) : data.start;
  view.autoplay = !seen && view.pace !== "step" && view.shown < data.moves.length;
  drawBoard(view, data.boards[view.shown]);
  showControls(view);
  if (view.hadFocus) view.back.focus();
  view.playing = (async () => {
    const run = view.runs;
    while (view.autoplay && view.shown < data.moves.length && run === view.runs) {
      await showMove(view, view.shown, run);
      view.shown += 1;
      progress.set(data.seq, view.shown);
      showControls(view);
      if (view.shown < data.moves.length) await stage(view, run, 0.5);
    }
    view.autoplay = false;
    showControls(view);
  })();
}

// A step of the replay, ``by`` one state forward (the move shown moving) or back (the board before it). A step asked
// for while the last moves are still shown moving ends that show first, the move under way drawn at once, and
// counts from where it ended; a step asked for while another is shown is not taken.
async function step(view, by) {
  const { data } = view;
  if (view.stepping) return;
  view.stepping = true;
  if (view.autoplay) {
    view.autoplay = false;
    view.skipping = true;
    view.wake?.();
    await view.playing;
    view.skipping = false;
  }
  const index = view.shown + by;
  if (index >= 0 && index <= data.moves.length) {
    const run = ++view.runs;
    if (by === 1) await showMove(view, view.shown, run);
    else {
      drawBoard(view, data.boards[index]);
      view.live.textContent = index > 0 ? data.moves[index - 1].said : "";
    }
    view.shown = index;
    progress.set(data.seq, index);
  }
  view.stepping = false;
  showControls(view);
}

export default function ({ data, parentElement, setStateValue, setTriggerValue }) {
  const { pace, message, ...rest } = data;
  const shape = JSON.stringify(rest);
  let view = views.get(parentElement);
  if (view) stopThinking(view);
  if (!view || view.shape !== shape) {
    const hadFocus = Boolean(parentElement.activeElement?.dataset?.focus);
    if (view) view.runs += 1; // stops the moves of the sequence drawn before
    view = build(parentElement, data);
    view.hadFocus = hadFocus;
    view.shape = shape;
    view.pace = pace;
    views.set(parentElement, view);
    view.send = { trigger: setTriggerValue, state: setStateValue };
    if (data.replay) openReplay(view);
    else play(view);
  }
  view.send = { trigger: setTriggerValue, state: setStateValue };
  if (showMessage(view, data.key, message)) view.message.focus();
}
