// scala40 play: the page. It decides no rule: every move is sent to the server, which
// judges it with the referee's functions and answers with the new view of this seat,
// the computer's moves one frame each, or the referee's refusal in words.
"use strict";
import { makeWords } from "./words.js";
import { roving, rove, shortcuts } from "./keys.js";

const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
const lang = document.body.dataset.lang;
const RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split(" ");
const MOST_MOVES = 200;  // the computer's moves kept in the log
const $ = (id) => document.getElementById(id);
const button = (what) => document.querySelector("[data-do=" + what + "]");
let W = null;          // the page's words (words.js)
let state = null;
let chosen = [];       // indexes in the hand as shown
let cursor = 0;        // the card of the hand that has focus (or would have it)
let meldCursor = 0;    // the meld of the table that has focus (or would have it)
let choosing = null;   // {action, card}: the meld to attach the card to is being chosen
let byRank = false;
let busy = false;
let shownPhase = null;
let meldNumber = "";   // digits typed on the table

// How long each of the computer's moves stays on screen: ?pace=MS (the tests' 0), none
// where the person asks for reduced motion, else 650 ms.
function pace() {
  const asked = new URLSearchParams(location.search).get("pace");
  const ms = asked !== null && Number.isFinite(Number(asked)) && Number(asked) >= 0 ? Number(asked)
    : matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 650;
  document.body.dataset.pace = String(ms);
  return ms;
}

class Unreachable extends Error {}

async function call(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try { response = await fetch(base + path + "?lang=" + encodeURIComponent(lang), options); }
  catch (error) { throw new Unreachable(String(error)); }
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || String(response.status));
  return data;
}

function who(name) { return name === state.me ? W.t("You") : name; }
function shownHand() {
  const hand = state.hand.slice();
  if (byRank) hand.sort((a, b) => rankOf(a) - rankOf(b));
  return hand;
}
function rankOf(code) { return code === "JK" ? 99 : RANKS.indexOf(code.slice(0, -1)); }
function chosenCodes() { const h = shownHand(); return chosen.map((i) => h[i]); }

// The status line: what to do now, why a move was refused or what went wrong (said in
// words, not by colour alone). Rewritten only when its words change: announced once.
function say(nodes, refused, error) {
  const el = $("status");
  const list = typeof nodes === "string" ? [document.createTextNode(nodes)] : nodes;
  if (refused) list.unshift(document.createTextNode((error ? W.t("Error:") : W.t("Refused:")) + " "));
  const text = list.map((n) => n.textContent).join("");
  if (text === el.textContent && el.classList.contains("refused") === !!refused) return;
  el.replaceChildren(...list);
  el.classList.toggle("refused", !!refused);
}

function told(said) {
  const values = { player: said.player, cards: said.cards, meld: said.meld };
  const id = {
    draw: said.cards.length ? "{player} draws {cards}" : "{player} draws",
    take: "{player} takes {cards} from the discard pile", buy: "{player} buys {cards}",
    meld: "{player} lays {cards}", attach: "{player} attaches {cards} to meld {meld}",
    swap: "{player} takes back the joker of meld {meld} with {cards}",
    discard: "{player} discards {cards}", reshuffle: "The discard pile is shuffled into a new stock.",
  }[said.verb];
  return id ? W.nodes(id, values) : [];
}

// The computer's moves, kept to be read again (a log, announced politely as it grows).
function logMove(nodes, className) {
  if (!nodes.length) return;
  const list = $("moves");
  const item = document.createElement("li");
  if (className) item.className = className;
  item.append(...nodes);
  list.append(item);
  while (list.children.length > MOST_MOVES) list.firstElementChild.remove();
  $("moves-log").scrollTop = $("moves-log").scrollHeight;
}

function sleep(ms) { return new Promise((done) => setTimeout(done, ms)); }

// One request at a time: keys and clicks wait while a move is asked and shown
// (aria-busy says so to assistive technology, and to the browser tests).
async function asking(request) {
  if (busy) return;
  busy = true;
  document.body.setAttribute("aria-busy", "true");
  try { await show(await request()); }
  catch (error) {
    say(error instanceof Unreachable ? W.t("The server does not answer: is scala40 play still running?")
      : W.t("The server could not do that."), true, true);
  }
  finally { busy = false; document.body.setAttribute("aria-busy", "false"); render(); }
}

// H: what the expert would play now, said on the status line; nothing is played.
async function askHint() {
  if (busy) return;
  busy = true;
  document.body.setAttribute("aria-busy", "true");
  renderButtons();
  say(W.t("The expert is thinking…"));
  try { say(W.parts((await call("api/hint", {})).parts)); }
  catch (error) {
    say(error instanceof Unreachable ? W.t("The server does not answer: is scala40 play still running?")
      : W.t("The server could not do that."), true, true);
  }
  finally { busy = false; document.body.setAttribute("aria-busy", "false"); renderButtons(); }
}

async function show(answer) {
  const wait = pace();
  for (const frame of answer.frames || []) {
    const number = state.number;
    state = frame;
    if (frame.number !== number) logMove([document.createTextNode(W.t("Hand {number}", { number: frame.number }))], "hand");
    render();
    logMove(told(frame.said));
    if (wait) await sleep(wait);
  }
  const before = state.number;
  state = answer.state;
  if (state.number !== before) logMove([document.createTextNode(W.t("Hand {number}", { number: state.number }))], "hand");
  if (!answer.refused) chosen = [];
  cursor = Math.min(cursor, Math.max(state.hand.length - 1, 0));
  render();
  if (answer.refused) say(W.parts(answer.refused.parts), true);
  else say(turnText());
}

// How a hand ended: who closed (``only``: that alone), else with the hand's number
// and everyone's points, as the status line announces it.
function endedText(ended, only) {
  const closer = ended.closer;
  const once = ended.closing === "in_one_go";
  const how = ended.closing === "void" ? W.t("The hand is void: nobody scores.")
    : closer === state.me ? (once ? W.t("You close in one go.") : W.t("You close."))
      : once ? W.t("{player} closes in one go.", { player: closer }) : W.t("{player} closes.", { player: closer });
  if (only) return how;
  const points = ended.players.map((p) => who(p.name) + " " + p.points).join(", ");
  return W.t("Hand {number} is over.", { number: ended.number }) + " " + how + " "
    + W.t("Points: {points}.", { points });
}

function turnText() {
  if (state.phase === "match_over") {
    const over = state.winner === state.me ? W.t("You win the match.")
      : state.winner ? W.t("{player} wins the match.", { player: state.winner }) : W.t("The match is over.");
    return (state.ended ? endedText(state.ended) + " " : "") + over + " " + W.t("Enter or N starts a new match.");
  }
  if (state.phase === "hand_over") return endedText(state.ended) + " " + W.t("Enter starts the next hand.");
  if (state.phase === "offer") {
    return W.nodes("{player} discards {card}: buy it? C buys, Enter passes.",
      { player: state.offer_from, card: [state.pile_top] });
  }
  if (state.phase === "buying") return W.t("You are buying: lay the card bought with cards of your hand, then M.");
  if (state.current !== state.me) return W.t("{player} is playing", { player: state.current });
  return state.phase === "draw" ? W.t("Your turn: draw from the stock or take the discard.")
    : W.t("Your turn: lay, attach, then discard.");
}

function move(action, cards, meld) {
  return asking(() => call("api/move", { action, cards: cards || [], meld: meld || 0 }));
}

async function newGame(level) {
  if (busy) return;
  if (state && state.phase !== "match_over" && !confirm(W.t("Start a new game? This one is saved as it stands."))) {
    $("level").value = state.level;
    return;
  }
  $("moves").replaceChildren();
  await asking(() => call("api/new", level ? { level } : {}));
}

// A, J: the card chosen (or the one with focus) goes to a meld the person chooses on the
// table, by the arrows and Enter, its number, a touch or a click.
function startChoosing(action) {
  const codes = chosenCodes();
  const card = codes.length ? codes : [shownHand()[cursor]].filter(Boolean);
  if (card.length !== 1 || button(action).disabled || !state.table.length) return move(action, card, 0);
  choosing = { action, card: card[0] };
  render();
  const values = { card: [card[0]] };
  say(action === "attach" ? W.nodes("Attach {card} to which meld? Arrows or its number, then Enter; Escape cancels.", values)
    : W.nodes("Take back which meld's joker with {card}? Arrows or its number, then Enter; Escape cancels.", values));
  focusMeld();
}
function stopChoosing() {
  if (!choosing) return;
  choosing = null;
  render();
  say(turnText());
  focusHand();
}
function meldChosen(number) {
  if (busy) return;
  const codes = chosenCodes();
  if (choosing) {
    const { action, card } = choosing;
    choosing = null;
    move(action, [card], number).then(() => focusHand());
  } else if (codes.length === 1) move("attach", codes, number);
  else say(W.t("Choose one card of your hand first, then the meld to attach it to."));
}

function act(what) {
  if (!state || busy) return null;
  const codes = chosenCodes();
  const focused = [shownHand()[cursor]].filter(Boolean);
  switch (what) {
    case "draw": case "take": case "put_back": case "undo": case "open": case "next":
    case "buy": case "pass": case "done": case "unstage": return move(what);
    case "lay": return move("lay", codes);
    case "go":  // M: lay what is chosen, else open what is set aside, else end the buy
      if (codes.length) return move("lay", codes);
      if (state.staged.length) return move("open");
      return state.phase === "buying" ? move("done") : move("lay", []);
    case "enter":  // Enter where no control has focus
      if (state.phase === "hand_over") return move("next");
      if (state.phase === "match_over") return newGame();
      if (state.phase === "offer") return move("pass");
      return act("go");
    case "attach": case "swap": return startChoosing(what);
    case "hint": return askHint();
    case "discard": return move("discard", codes.length ? codes : focused);
    case "sort": {  // the same cards stay chosen, and focus stays on its card
      byRank = !byRank;
      const hand = shownHand();
      const at = (code, taken) => hand.findIndex((c, i) => c === code && !taken.includes(i));
      chosen = codes.reduce((found, code) => found.concat([at(code, found)]), []);
      if (focused.length) cursor = at(focused[0], []);
      return render();
    }
    default: return null;
  }
}

function focusHand() {
  const cards = $("hand").children;
  if (cards.length) { cards[Math.min(cursor, cards.length - 1)].focus(); return true; }
  return false;
}
function focusMeld() {
  const melds = $("table").children;
  if (melds.length) melds[Math.min(meldCursor, melds.length - 1)].focus();
}
// Where focus goes when the control that had it is gone or disabled: the control the
// phase calls for, else the hand.
function defaultFocus() {
  if (state.phase === "hand_over") return button("next").focus();
  if (state.phase === "match_over") return $("new").focus();
  if (state.phase === "offer") return button("pass").focus();
  if (!focusHand()) { const first = document.querySelector("#actions button:not(:disabled):not([hidden])"); if (first) first.focus(); }
}
function focusLost() {
  const el = document.activeElement;
  return !el || el === document.body || el.disabled || !!el.closest("[hidden]");
}

function render() {
  if (!state) return;
  const hadHand = $("hand").contains(document.activeElement);
  const hadTable = $("table").contains(document.activeElement);
  document.title = W.t("Scala 40 against the computer");
  $("title").textContent = W.t("Scala 40 against the computer");
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = W.t(el.dataset.t); });
  document.querySelectorAll("[data-key]").forEach((el) => { el.setAttribute("aria-keyshortcuts", el.dataset.key); });
  const level = $("level");
  if (!level.options.length) for (const name of state.levels) level.add(new Option(W.t(name), name));
  level.value = state.level;
  renderPlayers();
  renderMiddle();
  renderTable();
  renderStaged();
  renderHand();
  renderButtons();
  renderEnded();
  renderSheet();
  $("keys").textContent = W.t("Keys: S draw, P take the discard, arrows move among the cards and the melds, Space or Enter choose a card, M lay or open, A attach (then the meld: arrows or its number, and Enter), J take back a joker, X discard, B put back, U take back the turn, C buy the discard, O sort, Escape cancel, N new game, L level, H hint.");
  $("saved").textContent = W.t("Your game is saved as {file} in the save folder.", { file: state.log });
  const phaseChanged = shownPhase !== state.phase;
  shownPhase = state.phase;
  if (busy) return;
  if (phaseChanged && ["hand_over", "match_over", "offer"].includes(state.phase)) defaultFocus();
  else if (hadHand && !choosing) { if (!focusHand()) defaultFocus(); }
  else if (hadTable && choosing) focusMeld();
  else if (focusLost()) defaultFocus();
}

function renderPlayers() {
  $("players").replaceChildren(...state.players.map((p) => {
    const el = document.createElement("li");
    const playing = p.name === state.current && !["hand_over", "match_over"].includes(state.phase);
    el.className = "player" + (playing ? " current" : "") + (p.dealt ? "" : " out");
    const parts = [who(p.name), W.tn("{count} card", p.cards), W.t("total {total}", { total: p.total })];
    if (p.opened) parts.push(W.t("opened"));
    if (!p.dealt) parts.push(W.t("out of this hand"));
    if (playing) parts.push(W.t("playing"));
    el.textContent = (playing ? "\u25b6 " : "") + parts.join(" \u00b7 ");
    return el;
  }));
}

function renderMiddle() {
  $("stock-size").textContent = state.stock_size;
  $("stock").setAttribute("aria-label", W.t("Stock") + ", " + W.tn("{count} card", state.stock_size));
  const top = state.pile_top ? W.cardEl(state.pile_top) : document.createTextNode(W.t("empty"));
  $("pile-top").replaceChildren(top);
  $("pile").setAttribute("aria-label", W.t("Discard pile") + ", " + (state.pile_top ? W.name(state.pile_top) : W.t("empty")));
}

function renderTable() {
  const table = $("table");
  table.classList.toggle("choosing", !!choosing);
  meldCursor = Math.min(meldCursor, Math.max(state.table.length - 1, 0));
  table.replaceChildren(...state.table.map((m, i) => {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "meld";
    el.dataset.meld = m.number;
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = m.number + " \u00b7 " + who(m.owner);
    label.setAttribute("aria-hidden", "true");
    const row = document.createElement("span");
    row.className = "cards";
    let joker = 0;
    const names = m.cards.map((code) => {
      const as = code === "JK" ? m.jokers[joker++] : null;
      row.append(W.cardEl(code, as));
      return as ? W.t("joker ({card})", { card: W.name(as) }) : W.name(code);
    });
    el.append(label, row);
    el.setAttribute("aria-label", W.t("Meld {number} of {player}", { number: m.number, player: who(m.owner) }) + ": " + names.join(", "));
    el.addEventListener("click", () => { meldCursor = i; meldChosen(m.number); });
    return el;
  }));
  rove(Array.from(table.children), meldCursor);
}

function renderStaged() {
  $("staged-area").hidden = !state.staged.length;
  $("staged-title").textContent = W.tn("Set aside: {count} of {needed} points", state.staged_value, { needed: state.opening_points });
  $("staged").replaceChildren(...state.staged.map((m) => {
    const el = document.createElement("span");
    el.className = "meld";
    el.append(...m.map((c) => W.cardEl(c)));
    return el;
  }));
}

function renderHand() {
  const hand = $("hand");
  const h = shownHand();
  cursor = Math.min(cursor, Math.max(h.length - 1, 0));
  hand.replaceChildren(...h.map((code, i) => {
    const el = W.cardEl(code, null, "button");
    el.type = "button";
    el.classList.toggle("chosen", chosen.includes(i));
    el.setAttribute("aria-pressed", String(chosen.includes(i)));
    el.addEventListener("click", () => toggle(i));
    return el;
  }));
  rove(Array.from(hand.children), cursor);
}

// What may be tried now (the server still judges it).
function renderButtons() {
  const mine = state.current === state.me && !busy;
  const laying = mine && (state.phase === "play" || state.phase === "buying");
  const offered = state.phase === "offer" && !busy;
  const enable = {
    draw: mine && state.phase === "draw", take: mine && state.phase === "draw" && !!state.pile_top,
    lay: laying, open: laying && state.staged.length > 0,
    attach: laying && state.table.length > 0, swap: laying && state.table.length > 0,
    discard: mine && state.phase === "play", put_back: laying && !!state.taken,
    undo: laying, buy: offered, pass: offered, unstage: laying,
    done: mine && state.phase === "buying" && !state.staged.length,
    sort: true, next: state.phase === "hand_over" && !busy,
    hint: mine && (state.phase === "draw" || state.phase === "play") && !state.staged.length,
  };
  document.querySelectorAll("[data-do]").forEach((b) => { b.disabled = !enable[b.dataset.do]; });
  // buying out of turn is shown only where the rules play it (compra)
  document.querySelectorAll("[data-do=buy], [data-do=pass], [data-do=done]").forEach((b) => { b.hidden = !state.compra; });
}

function renderEnded() {
  $("review-area").hidden = state.phase !== "match_over";
  $("review").href = "review?lang=" + encodeURIComponent(lang);  // the review in the page's language
  const ended = state.ended;
  $("ended").hidden = !ended;
  if (!ended) return;
  $("ended-title").textContent = W.t("Hand {number} is over.", { number: ended.number });
  $("ended-how").textContent = endedText(ended, true);
  $("ended-players").replaceChildren(...ended.players.map((p) => {
    const el = document.createElement("li");
    const head = document.createElement("span");
    head.className = "who";
    head.textContent = who(p.name) + ": " + W.tn("{count} point", p.points);
    el.append(head, ...(p.cards.length ? p.cards.map((c) => W.cardEl(c))
      : [document.createTextNode(W.t("no cards left"))]));
    return el;
  }));
}

function renderSheet() {
  const names = state.players.map((p) => p.name);
  const cell = (tag, text, scope, player) => {
    const el = document.createElement(tag);
    el.textContent = text;
    if (scope) el.scope = scope;
    if (player) el.dataset.player = player;
    return el;
  };
  const head = document.createElement("tr");
  head.append(cell("th", W.t("Hand"), "col"), ...names.map((n) => cell("th", who(n), "col", n)));
  const rows = state.sheet.map((line) => {
    const tr = document.createElement("tr");
    tr.append(cell("th", line.number, "row"), ...names.map((n) => cell("td", n in line.penalties ? line.penalties[n] : "")));
    return tr;
  });
  const total = document.createElement("tr");
  total.append(cell("th", W.t("Total"), "row"), ...state.players.map((p) => cell("td", p.total, null, p.name)));
  total.className = "totals";
  $("sheet").replaceChildren(head, ...rows, total);
}

function toggle(i) {
  if (busy) return;
  cursor = i;
  chosen = chosen.includes(i) ? chosen.filter((j) => j !== i) : chosen.concat([i]);
  render();
}

roving($("hand"), (to) => { cursor = to; rove(Array.from($("hand").children), cursor); focusHand(); });
roving($("table"), (to) => { meldCursor = to; rove(Array.from($("table").children), meldCursor); focusMeld(); },
  (event) => {
    if (!/^[0-9]$/.test(event.key)) return false;
    meldNumber = (meldNumber + event.key).slice(-3);
    let at = state.table.findIndex((m) => String(m.number) === meldNumber);
    if (at < 0) { meldNumber = event.key; at = state.table.findIndex((m) => String(m.number) === meldNumber); }
    if (at >= 0) { meldCursor = at; rove(Array.from($("table").children), meldCursor); focusMeld(); }
    return true;
  });
$("table").addEventListener("focusout", () => { meldNumber = ""; });

shortcuts({
  s: () => act("draw"), p: () => act("take"), m: () => act("go"), a: () => act("attach"),
  j: () => act("swap"), x: () => act("discard"), b: () => act("put_back"), u: () => act("undo"),
  c: () => act("buy"), o: () => act("sort"), h: () => act("hint"), n: () => newGame(),
  l: () => { const all = state.levels; newGame(all[(all.indexOf(state.level) + 1) % all.length]); },
  Enter: () => act("enter"),
  Escape: () => { if (choosing) stopChoosing(); else if (chosen.length) { chosen = []; render(); } },
});

document.querySelectorAll("[data-do]").forEach((b) => b.addEventListener("click", () => act(b.dataset.do)));
$("stock").addEventListener("click", () => act("draw"));
$("pile").addEventListener("click", () => {
  if (state.phase === "draw") act("take");
  else if (chosenCodes().length === 1) act("discard");
});
$("new").addEventListener("click", () => newGame());
$("level").addEventListener("change", (event) => newGame(event.target.value));
// The page again in another language (each name in its own, to be found by whoever reads
// it): the match is the server's, so it goes on as it stands.
$("language").value = lang;
$("language").addEventListener("change", (event) => {
  const query = new URLSearchParams(location.search);
  query.set("lang", event.target.value);
  location.search = query.toString();
});

(async function start() {
  W = makeWords(await call("api/words"));
  state = await call("api/state");
  pace();
  render();
  say(turnText());
  defaultFocus();
})();
