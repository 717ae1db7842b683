// The page of `nycrules serve`: shows what the server sends for this seat, sends what is clicked or typed.
// The server checks every answer (as the terminal does) and says why one is not taken. It names no game:
// what it shows of one beside the picture and the options comes as data (`page`: table/game_hooks.py).
"use strict";
const token = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let socket = null, state = null, retries = 0, gone = false, showAll = false;
let seenBoard = null, seenLog = 0, decisionAt = null;

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + token);
  socket.onopen = () => { retries = 0; $("link").textContent = "connected"; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") render(message); else tell(message.text, message.type === "refused");
  };
  socket.onclose = (event) => {
    if (event.code === 4404 || event.code === 1008) {
      gone = true;
      $("link").textContent = "closed";
      $("turn").textContent = event.reason || "This address opens no seat here.";
      return;
    }
    $("link").textContent = "reconnecting…";
    setTimeout(connect, Math.min(4000, 250 * 2 ** Math.min(retries++, 4)));
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else tell("Not connected to the server right now; it is being tried again.", true);
}

function tell(text, refused) {
  $("message-text").textContent = unwrapped(text);
  $("message").className = refused ? "refused" : "";
  $("message").hidden = false;
  $("message").scrollIntoView({ block: "nearest" });
}

// The server's texts are the terminal's, broken at 80 columns (a line carried on is indented two more
// spaces): joined again here, so that the page breaks them at its own width.
const WIDTH = 79;
function unwrapped(text) {
  const out = [];
  let indent = 0, last = 0;  // the indent of the paragraph, the length of the line before
  for (const line of text.split("\n")) {
    const own = line.length - line.trimStart().length;
    const firstWord = line.trim().split(" ")[0];
    if (out.length && own === indent + 2 && last + 1 + firstWord.length > WIDTH) {
      out[out.length - 1] += " " + line.trim();
    } else {
      out.push(line);
      indent = own;
    }
    last = line.length;
  }
  return out.join("\n");
}

function element(tag, text, attrs) {
  const made = document.createElement(tag);
  if (text !== undefined && text !== null) made.textContent = text;
  for (const [key, value] of Object.entries(attrs || {})) made.setAttribute(key, value);
  return made;
}

function render(next) {
  const previous = state;
  state = next;
  const you = next.seat === null ? null : next.seats[next.seat];
  document.title = (next.decision ? "▶ Your turn · " : "") + next.page.title;
  $("title").textContent = next.page.title;
  $("answer").placeholder = next.page.example;
  $("hand-note").textContent = next.page.hand_note;
  $("turn").textContent = next.save_error ? "Not saved: " + next.save_error
    : next.failure ? "The game cannot go on: " + next.failure
    : next.final ? "The game is over."
    : you === null ? "Spectator · " + next.turn + " is to move"
    : next.decision ? you.name + ": your turn" : you.name + " · waiting for " + next.turn;
  renderBoard(next.board, next.page);
  renderLog(next.log, previous === null);
  renderHand(next.hand);
  renderDecision(next.decision);
  $("final").hidden = !next.final;
  if (next.final) renderFinal(next.final);
  const seated = next.seat !== null;
  // For tests and benchmarks: which state the page shows (a decision's number, and the table's version).
  document.body.dataset.at = next.at;
  document.body.dataset.version = next.version;
  document.body.dataset.mine = next.decision ? "yes" : "no";
  $("tools").hidden = !seated;
  $("hint").disabled = !next.decision;
  $("hint").hidden = $("undo").hidden = Boolean(next.final);
  $("waiting").hidden = Boolean(next.decision) || Boolean(next.final);
  $("waiting").textContent = next.turn ? "Waiting for " + next.turn + "…" : "";
}

function renderFinal(final) {
  const head = element("tr");
  head.append(element("th", ""), ...final.names.map((name) => element("th", name, { scope: "col" })));
  const rows = final.rows.map(([title, ...values]) => {
    const row = element("tr", null, title === "total" ? { class: "total" } : {});
    row.append(element("th", title, { scope: "row" }), ...values.map((value) => element("td", value)));
    return row;
  });
  $("final-table").replaceChildren(element("thead"), element("tbody"));
  $("final-table").firstChild.append(head);
  $("final-table").lastChild.append(...rows);
  $("winner").textContent = final.winner;
}

// The board: drawn by the server (`board --svg`); what differs from the board this page saw is marked
// (the game's `watched` parts, each named by the first of its `keys` attributes it has, else its place).
function renderBoard(svgText, page) {
  $("board-box").hidden = !svgText;  // a game that draws no picture
  if (!svgText) return;
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  const picture = document.importNode(parsed, true);
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", page.board_label);
  const before = seenBoard;
  seenBoard = {};
  page.watched.forEach((selector) => picture.querySelectorAll(selector).forEach((part, i) => {
    const named = page.keys.map((names) => names.split(" ").map((name) => part.getAttribute(name))
      .filter((value) => value).join(" ")).find((value) => value);
    const key = selector + (named || i);
    seenBoard[key] = part.outerHTML;
    const was = before === null ? null : before[key];
    if (before !== null && (was === undefined ? page.mark_new : was !== part.outerHTML)) mark(part);
  }));
  $("board").replaceChildren(picture);
}

function mark(part) {
  const ns = "http://www.w3.org/2000/svg";
  const shape = part, inner = part.firstElementChild;
  const circle = shape.tagName === "circle" ? shape : inner && inner.tagName === "circle" ? inner : null;
  const first = part.querySelector("rect, text");
  if (shape.tagName !== "g") part = part.parentNode;  // a shape or a text alone: its marks go beside it
  let x, y;
  if (circle) {  // a round part: a dashed ring around it
    const ring = document.createElementNS(ns, "circle");
    for (const a of ["cx", "cy"]) ring.setAttribute(a, circle.getAttribute(a));
    ring.setAttribute("r", Number(circle.getAttribute("r")) + 14);
    ring.setAttribute("fill", "none"); ring.setAttribute("stroke", "#111");
    ring.setAttribute("stroke-width", "3"); ring.setAttribute("stroke-dasharray", "9 6");
    part.appendChild(ring);
    x = Number(circle.getAttribute("cx")) + Number(circle.getAttribute("r")) - 4;
    y = Number(circle.getAttribute("cy")) - Number(circle.getAttribute("r")) + 8;
  } else if (shape.tagName === "text") {  // before the text (a centred one: before its middle)
    x = Number(shape.getAttribute("x")) - (shape.getAttribute("text-anchor") === "middle" ? 24 : 14);
    y = Number(shape.getAttribute("y"));
  } else if (first) {
    x = Number(first.getAttribute("x")) - 16; y = Number(first.getAttribute("y")) + 14;
  } else return;
  const star = document.createElementNS(ns, "text");
  star.textContent = "✱";
  star.setAttribute("x", x); star.setAttribute("y", y);
  star.setAttribute("font-size", "20"); star.setAttribute("font-weight", "bold"); star.setAttribute("fill", "#111");
  star.setAttribute("class", "changed-mark");
  part.appendChild(star);
}

// Options that are things on the board (the game's `on_board`: an option key's kind, and where the
// picture draws what it names) can be picked there too: by click, or by Tab and Enter. The decision
// names them in words as well.
function linkBoard(decision, page) {
  const picked = [];
  for (const option of decision.options) {
    const [kind, id] = option.key.split(":");
    const where = page.on_board[kind];
    if (!where || option.key.includes("+") || !/^[\w-]+$/.test(id)) continue;
    // What an option names may be drawn in several parts (the squares of a region): one Tab stop, and
    // pointing at any part lights them all.
    const parts = [...$("board").querySelectorAll(where.replace("{id}", id))];
    const light = (on) => parts.forEach((part) => part.classList.toggle("lit", on));
    parts.forEach((part, n) => {
      part.setAttribute("tabindex", n === 0 ? "0" : "-1");
      part.setAttribute("role", "button");
      part.setAttribute("aria-label", "choose " + option.label);
      part.classList.add("pick");
      const choose = () => send({ type: "answer", at: decision.at, text: "#" + (option.index + 1) });
      part.addEventListener("click", choose);
      part.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); }
      });
      for (const [on, events] of [[true, ["mouseenter", "focus"]], [false, ["mouseleave", "blur"]]]) {
        events.forEach((name) => part.addEventListener(name, () => light(on)));
      }
      picked.push(option.label);
    });
  }
  $("board-picks").hidden = picked.length === 0;
  $("board-picks").textContent = "On the board you may also click: " + [...new Set(picked)].join(", ") + ".";
}

function renderLog(lines, first) {
  const list = $("log");
  list.replaceChildren();
  for (const line of lines) {
    const item = element("li", line.text, { value: line.n });
    if (!first && line.n > seenLog) item.classList.add("new");
    const why = element("button", "why", { type: "button", "aria-label": "why: event " + line.n });
    why.addEventListener("click", () => send({ type: "why", event: line.n }));
    item.appendChild(why);
    list.appendChild(item);
  }
  if (lines.length) seenLog = lines[lines.length - 1].n;
  list.scrollTop = list.scrollHeight;
}

function renderHand(hand) {
  $("hand-box").hidden = !hand;
  if (!hand) return;
  const counts = {};
  hand.cards.forEach((card) => { counts[card] = (counts[card] || 0) + 1; });
  const buttons = Object.entries(counts).map(([card, count]) => {
    const button = element("button", null, { type: "button", "data-card": card,
      "aria-label": count + " " + card + (count > 1 ? " cards" : " card") + ": add one to the answer" });
    button.append(element("span", count + "× ", { class: "count" }), card);
    button.addEventListener("click", () => addCard(card));
    return button;
  });
  $("hand").replaceChildren(...buttons);
  if (!hand.cards.length) $("hand").replaceChildren(element("span", "no cards"));
  $("hand-notes").textContent = hand.notes.join(" ");
  $("hand-text").textContent = hand.text;
  $("hand-text").hidden = Boolean(state.decision);  // the decision shows it already
}

function addCard(card) {
  const box = $("answer");
  if ($("decision").hidden) { tell("It is not your turn: a card is added to an answer at your decision.", true); return; }
  const joiner = state.page.joiners[state.decision.kind] || " + ";
  box.value = box.value.trim() ? box.value.trim() + joiner + card : card;
  box.focus();
}

function renderDecision(decision) {
  $("decision").hidden = !decision;
  if (!decision) { decisionAt = null; $("options").replaceChildren(); return; }  // no stale option to click
  const fresh = decisionAt !== decision.at;
  if (fresh) { showAll = false; $("answer").value = ""; $("message").hidden = true; }
  decisionAt = decision.at;
  $("headline").textContent = decision.headline;
  $("context").textContent = decision.context;
  const listed = decision.options.filter((option) => showAll || option.shown);
  const buttons = listed.map((option) => {
    const button = element("button", (option.index + 1) + ". " + option.label,
      { type: "button", "data-index": option.index });
    if (!option.shown) button.classList.add("extra");
    if (option.detail) button.appendChild(element("span", option.detail, { class: "detail" }));
    button.addEventListener("click", () => send({ type: "answer", at: decision.at, text: "#" + (option.index + 1) }));
    return button;
  });
  $("options").replaceChildren(...buttons);
  const hidden = decision.options.length - decision.options.filter((option) => option.shown).length;
  $("more").hidden = hidden === 0;
  $("more").textContent = showAll ? "Fewer options" : "More options (" + hidden + " more)";
  $("hand-note").hidden = !(decision.kind in state.page.joiners);
  linkBoard(decision, state.page);
  if (fresh && buttons.length && !$("message").contains(document.activeElement)) buttons[0].focus();
}

$("more").addEventListener("click", () => { showAll = !showAll; renderDecision(state.decision); });
$("answer-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("answer").value.trim();
  const [word, ...rest] = text.split(/\s+/);
  const command = word.toLowerCase();  // the terminal's commands that show something work here too
  if (command === "info") send({ type: "info", what: rest.join(" ") });
  else if (command === "why") send({ type: "why", event: Number(rest.join("").replace("#", "")) || 0 });
  else if (command === "help") send({ type: "help" });
  else if (command === "hint" || command === "undo") $(command).click();
  else if (text && state && state.decision) send({ type: "answer", at: state.decision.at, text: text });
});
$("hint").addEventListener("click", () => { tell("Thinking…", false); send({ type: "hint", at: state.at }); });
$("undo").addEventListener("click", () => send({ type: "undo", at: state.at }));
$("help").addEventListener("click", () => send({ type: "help" }));
$("save").addEventListener("click", () => send({ type: "save" }));
$("zoom").addEventListener("click", () => {
  const zoomed = $("board").classList.toggle("zoomed");
  $("zoom").setAttribute("aria-pressed", String(zoomed));
  $("zoom").textContent = zoomed ? "Fit the board" : "Full-size board";
});
$("message-close").addEventListener("click", () => { $("message").hidden = true; });
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") $("message").hidden = true;
});
connect();
