// scala40 play: the page. It decides no rule: every move is sent to the server, which
// judges it with the referee's functions and answers with the new view of this seat,
// the computer's moves one frame each, or the referee's refusal in words.
"use strict";
(function () {
  const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
  const lang = document.body.dataset.lang;
  const SUITS = { S: "\u2660", H: "\u2665", C: "\u2663", D: "\u2666" };
  // how long each of the computer's moves stays on screen (?pace=MS: the tests' 0)
  const pace = Number(new URLSearchParams(location.search).get("pace"));
  const FRAME_MS = Number.isFinite(pace) && pace >= 0 && location.search.includes("pace") ? pace : 650;
  let words = {};
  let state = null;
  let chosen = [];      // indexes in the hand as shown
  let cursor = 0;
  let byRank = false;
  let busy = false;

  function t(id, values) {
    let text = words[id] || id;
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(v);
    return text;
  }
  const $ = (id) => document.getElementById(id);

  function cardText(code) {
    if (code === "JK") return "\u2605";
    return code.slice(0, -1) + SUITS[code.slice(-1)];
  }
  function cardEl(code, tag) {
    const el = document.createElement(tag || "span");
    el.className = "card" + (code === "JK" ? " joker" : "HD".includes(code.slice(-1)) ? " red" : "");
    el.textContent = cardText(code);
    el.dataset.code = code;
    return el;
  }
  const RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split(" ");
  function shownHand() {
    const hand = state.hand.slice();
    if (byRank) hand.sort((a, b) => rankOf(a) - rankOf(b));
    return hand;
  }
  function rankOf(code) { return code === "JK" ? 99 : RANKS.indexOf(code.slice(0, -1)); }
  function chosenCodes() { const h = shownHand(); return chosen.map((i) => h[i]); }

  async function call(path, body) {
    const options = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    const query = "?lang=" + encodeURIComponent(lang);
    const response = await fetch(base + path + query, options);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.status);
    return data;
  }

  function say(text, refused) {
    const el = $("status");
    el.textContent = text;
    el.classList.toggle("refused", !!refused);
  }

  function told(said) {
    const values = { player: said.player, cards: said.cards.map(cardText).join(" "), meld: said.meld };
    switch (said.verb) {
      case "draw": return t(said.cards.length ? "{player} draws {cards}" : "{player} draws", values);
      case "take": return t("{player} takes {cards} from the discard pile", values);
      case "buy": return t("{player} buys {cards}", values);
      case "meld": return t("{player} lays {cards}", values);
      case "attach": return t("{player} attaches {cards} to meld {meld}", values);
      case "swap": return t("{player} takes back the joker of meld {meld} with {cards}", values);
      case "discard": return t("{player} discards {cards}", values);
      case "reshuffle": return t("The discard pile is shuffled into a new stock.");
      default: return "";
    }
  }

  function sleep(ms) { return new Promise((done) => setTimeout(done, ms)); }

  // One request at a time: keys and clicks wait while a move is asked and shown
  // (aria-busy says so to assistive technology, and to the browser tests).
  async function asking(request) {
    if (busy) return;
    busy = true;
    document.body.setAttribute("aria-busy", "true");
    try { await show(await request()); }
    catch (error) { say(t("The server does not answer.") + " " + error.message, true); }
    finally { busy = false; document.body.setAttribute("aria-busy", "false"); render(); }
  }

  async function show(answer) {
    for (const frame of answer.frames || []) {
      state = frame;
      render();
      say(told(frame.said));
      await sleep(FRAME_MS);
    }
    state = answer.state;
    if (!answer.refused) chosen = [];
    cursor = Math.min(cursor, Math.max(state.hand.length - 1, 0));
    render();
    if (answer.refused) say(answer.refused.message, true);
    else say(turnText());
  }

  function turnText() {
    if (state.phase === "match_over") {
      const over = state.winner ? t("{player} wins the match.", { player: state.winner }) : t("The match is over.");
      return over + " " + t("Enter or N starts a new match.");
    }
    if (state.phase === "hand_over") return t("The hand is over.");
    if (state.phase === "offer") {
      return t("{player} discards {card}: buy it? C buys, Enter passes.",
        { player: state.offer_from, card: cardText(state.pile_top) });
    }
    if (state.phase === "buying") return t("You are buying: lay the card bought with cards of your hand, then Enter.");
    if (state.current !== state.me) return t("{player} is playing", { player: state.current });
    return state.phase === "draw" ? t("Your turn: draw from the stock or take the discard.")
      : t("Your turn: lay, attach, then discard.");
  }

  function move(action, cards, meld) {
    return asking(() => call("api/move", { action, cards: cards || [], meld: meld || 0 }));
  }

  async function newGame(level) {
    if (busy) return;
    if (state && state.phase !== "match_over" && !confirm(t("Start a new game? This one is saved as it stands."))) return;
    await asking(() => call("api/new", level ? { level } : {}));
  }

  function act(what) {
    const codes = chosenCodes();
    const h = shownHand();
    switch (what) {
      case "draw": case "take": case "put_back": case "undo": case "open": case "next":
      case "buy": case "pass": case "done": return move(what);
      case "lay": return move("lay", codes);
      case "enter":
        if (state.phase === "hand_over") return move("next");
        if (state.phase === "match_over") return newGame();
        if (state.phase === "offer") return move("pass");
        if (codes.length) return move("lay", codes);
        if (state.staged.length) return move("open");
        return state.phase === "buying" ? move("done") : null;
      case "attach": case "swap": return move(what, codes.length ? codes : [h[cursor]], 0);
      case "discard": return move("discard", codes.length === 1 ? codes : [h[cursor]]);
      case "sort": byRank = !byRank; chosen = []; return render();
      default: return null;
    }
  }

  function render() {
    if (!state) return;
    document.title = t("Scala 40 against the computer");
    $("title").textContent = t("Scala 40 against the computer");
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
    const level = $("level");
    if (!level.options.length) {
      for (const name of state.levels) level.add(new Option(t(name), name));
    }
    level.value = state.level;
    // the players
    const players = $("players");
    players.replaceChildren(...state.players.map((p) => {
      const el = document.createElement("div");
      el.className = "player" + (p.name === state.current && state.phase !== "hand_over" && state.phase !== "match_over" ? " current" : "") + (p.dealt ? "" : " out");
      const who = p.name === state.me ? p.name + " (" + t("You") + ")" : p.name;
      el.textContent = who + " \u00b7 " + p.cards + " " + t("cards") + " \u00b7 " + t("Total") + " " + p.total + (p.opened ? " \u00b7 " + t("opened") : "");
      return el;
    }));
    $("stock-size").textContent = state.stock_size;
    const top = $("pile-top");
    top.replaceChildren();
    if (state.pile_top) { const c = cardEl(state.pile_top); top.replaceWith(c); c.id = "pile-top"; }
    else top.textContent = t("empty");
    // the table
    $("table").replaceChildren(...state.table.map((m) => {
      const el = document.createElement("button");
      el.className = "meld";
      el.dataset.meld = m.number;
      const label = document.createElement("small");
      label.textContent = m.number + " \u00b7 " + m.owner;
      el.append(label, ...m.cards.map((c) => cardEl(c)));
      el.addEventListener("click", () => {
        const codes = chosenCodes();
        if (codes.length === 1) move("attach", codes, m.number);
      });
      return el;
    }));
    // set aside for the opening
    const staged = $("staged-area");
    staged.hidden = !state.staged.length;
    $("staged-title").textContent = t("Set aside") + " \u00b7 " + t("Set aside: {value} of {needed}", { value: state.staged_value, needed: state.opening_points });
    $("staged").replaceChildren(...state.staged.map((m) => {
      const el = document.createElement("span");
      el.className = "meld";
      el.append(...m.map((c) => cardEl(c)));
      return el;
    }));
    // the hand
    const h = shownHand();
    $("hand").replaceChildren(...h.map((code, i) => {
      const el = cardEl(code, "button");
      if (chosen.includes(i)) el.classList.add("chosen");
      if (i === cursor) el.classList.add("cursor");
      el.setAttribute("aria-pressed", chosen.includes(i));
      el.addEventListener("click", () => { toggle(i); });
      return el;
    }));
    // what may be tried now (the server still judges it)
    const mine = state.current === state.me && !busy;
    const laying = mine && (state.phase === "play" || state.phase === "buying");
    const offered = state.phase === "offer" && !busy;
    const enable = {
      draw: mine && state.phase === "draw", take: mine && state.phase === "draw" && !!state.pile_top,
      lay: laying, open: laying && state.staged.length > 0,
      attach: laying && state.table.length > 0, swap: laying && state.table.length > 0,
      discard: mine && state.phase === "play", put_back: laying && !!state.taken,
      undo: laying, buy: offered, pass: offered,
      done: mine && state.phase === "buying" && !state.staged.length,
      sort: true, next: state.phase === "hand_over" && !busy,
    };
    document.querySelectorAll("[data-do]").forEach((b) => { b.disabled = !enable[b.dataset.do]; });
    // buying out of turn is shown only where the rules play it (compra)
    document.querySelectorAll("[data-do=buy], [data-do=pass], [data-do=done]").forEach((b) => { b.hidden = !state.compra; });
    $("keys").textContent = t("Keys: S draw, P take the discard, arrows and Space choose, Home the first card, Enter lay or open, A attach or take back a joker, J take back a joker, X discard, B put back, U take back the turn, C buy the discard, O sort, N new game, L level.");
    $("saved").textContent = t("Saved in {file}", { file: state.log });
    renderSheet();
  }

  function renderSheet() {
    const names = state.players.map((p) => p.name);
    const head = document.createElement("tr");
    head.append(...[t("Hand"), ...names].map((n) => { const th = document.createElement("th"); th.textContent = n; return th; }));
    const rows = state.sheet.map((line) => {
      const tr = document.createElement("tr");
      tr.append(...[line.number, ...names.map((n) => (n in line.penalties ? line.penalties[n] : ""))].map((v) => {
        const td = document.createElement("td"); td.textContent = v; return td; }));
      return tr;
    });
    const total = document.createElement("tr");
    total.append(...[t("Total"), ...state.players.map((p) => p.total)].map((v) => {
      const th = document.createElement("th"); th.textContent = v; return th; }));
    $("sheet").replaceChildren(head, ...rows, total);
  }

  function toggle(i) {
    cursor = i;
    chosen = chosen.includes(i) ? chosen.filter((j) => j !== i) : chosen.concat([i]);
    render();
  }

  document.addEventListener("keydown", (event) => {
    if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.tagName === "SELECT") return;
    const n = state.hand.length;
    const keys = {
      s: () => act("draw"), p: () => act("take"), a: () => act("attach"), j: () => act("swap"), x: () => act("discard"),
      b: () => act("put_back"), u: () => act("undo"), c: () => act("buy"), o: () => act("sort"), n: () => newGame(),
      l: () => { const all = state.levels; newGame(all[(all.indexOf(state.level) + 1) % all.length]); },
      Enter: () => act("enter"),
      ArrowRight: () => { cursor = n ? (cursor + 1) % n : 0; render(); },
      ArrowLeft: () => { cursor = n ? (cursor + n - 1) % n : 0; render(); },
      Home: () => { cursor = 0; render(); },
      " ": () => { if (n) toggle(cursor); },
    };
    const run = keys[event.key] || keys[event.key.toLowerCase()];
    if (run) { event.preventDefault(); run(); }
  });

  document.querySelectorAll("[data-do]").forEach((b) => b.addEventListener("click", () => act(b.dataset.do)));
  $("stock").addEventListener("click", () => act("draw"));
  $("pile").addEventListener("click", () => {
    if (state.phase === "draw") act("take");
    else if (chosenCodes().length === 1) act("discard");
  });
  $("staged-area").addEventListener("click", () => move("unstage"));
  $("new").addEventListener("click", () => newGame());
  $("level").addEventListener("change", (event) => newGame(event.target.value));

  (async function start() {
    words = await call("api/words");
    state = await call("api/state");
    render();
    say(turnText());
  })();
})();
