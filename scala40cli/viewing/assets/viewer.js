// scala40 view: draws the tables the referee held (the page's JSON data) and steps
// through them. It holds no model of the game: each table is looked up, never worked
// out. Every text of the log is put in the page with textContent, never as markup.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const parts = data.parts;
  // Every word shown comes from the page's data (viewing/page_words.py), in its
  // language: a sentence asked for by its English text, its {name} values put in once
  // each (a value is never read again for placeholders: a player named "{hand}" stays so).
  const WORDS = data.words;
  const PLACEHOLDER = /\{(\w+)\}/;
  function has(values, name) { return values && Object.prototype.hasOwnProperty.call(values, name); }
  function fill(text, values) {
    return text.split(PLACEHOLDER).map(function (part, i) {
      return i % 2 === 0 ? part : has(values, part) ? String(values[part]) : "{" + part + "}";
    }).join("");
  }
  function textOf(msgid) {
    return has(WORDS.messages, msgid) ? WORDS.messages[msgid] : msgid;
  }
  function say(msgid, values) { return fill(textOf(msgid), values); }
  // A sentence that counts, in the form the page's language gives `count`.
  function sayCount(singular, count, values) {
    const forms = WORDS.plurals[singular], rule = WORDS.plural;
    const form = forms[Math.min(rule[Math.min(count, rule.length - 1)], forms.length - 1)];
    return fill(form, Object.assign({}, values, {count: count}));
  }
  // A sentence with values of the log in it, as the parts sentence() draws: our words
  // and the log's alternately (`ours` are our values, `logs` the log's).
  function sayParts(msgid, ours, logs) {
    const found = [""];
    textOf(msgid).split(PLACEHOLDER).forEach(function (part, i) {
      if (i % 2 === 0) found[found.length - 1] += part;
      else if (has(logs, part)) found.push(String(logs[part]), "");
      else found[found.length - 1] += has(ours, part) ? String(ours[part]) : "{" + part + "}";
    });
    return found;
  }
  const SUITS = {S: ["\u2660", "spades", "black"], H: ["\u2665", "hearts", "red"],
                 D: ["\u2666", "diamonds", "red"], C: ["\u2663", "clubs", "black"]};
  const RANKS = {A: "ace", J: "jack", Q: "queen", K: "king"};
  const MOST_BACKS = 14;

  // Every table of the file in order: [game index, step index].
  const positions = [];
  data.games.forEach(function (game, g) {
    game.lines.forEach(function (_, s) { positions.push([g, s]); });
    game.violationLines = new Set(game.problems.filter(function (p) { return !p.note; })
      .map(function (p) { return p.line; }));
  });
  let current = 0;
  // What another page built on this one adds (a review's marks): see extend() below.
  const extras = [];

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Text from the log (a name, a tag, a comment, a line, the file's name) never reorders
  // what is around it, nor itself: each piece is put in its own isolate (<bdi>), and the
  // controls in it, bidi overrides and isolates included, are shown as the escapes every
  // report writes (\u202e), never obeyed.
  const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/;
  function escapeOf(c) {
    const code = c.charCodeAt(0);
    return code < 0x100 ? "\\x" + code.toString(16).padStart(2, "0")
                        : "\\u" + code.toString(16).padStart(4, "0");
  }
  function piece(text, className) {
    const node = el("bdi", className);
    let rest = text;
    for (let found = CONTROLS.exec(rest); found; found = CONTROLS.exec(rest)) {
      if (found.index) node.appendChild(document.createTextNode(rest.slice(0, found.index)));
      const mark = el("span", "escape", escapeOf(found[0]));
      mark.title = "U+" + found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
      node.appendChild(mark);
      rest = rest.slice(found.index + 1);
    }
    if (rest) node.appendChild(document.createTextNode(rest));
    return node;
  }
  // A sentence with pieces of the log in it: `parts` alternates our words and the log's.
  function sentence(node, parts) {
    parts.forEach(function (part, i) {
      node.appendChild(i % 2 ? piece(part) : document.createTextNode(part));
    });
    return node;
  }
  // A line of the log, a piece a word: a quoted name, a comment, a card, a tag's name.
  // A line of printable ASCII holds nothing that could reorder it and is kept whole.
  const PIECES = /"(?:[^"\\]|\\.)*"?|;.*|[^\s";]+|\s+/g;
  function logLine(text) {
    const body = el("span", "text");
    if (/^[\x20-\x7e]*$/.test(text)) {
      body.textContent = text;
      return body;
    }
    (text.match(PIECES) || []).forEach(function (part) {
      body.appendChild(/^\s+$/.test(part) ? document.createTextNode(part) : piece(part));
    });
    return body;
  }
  // A message of the referee, with each player's name in it isolated.
  function message(node, text, names) {
    const sorted = names.filter(Boolean).slice().sort(function (a, b) { return b.length - a.length; });
    const parts = [];
    let rest = text;
    while (rest) {
      let at = -1, name = "";
      sorted.forEach(function (n) {
        const i = rest.indexOf(n);
        if (i >= 0 && (at < 0 || i < at)) { at = i; name = n; }
      });
      if (at < 0) { parts.push(rest, ""); break; }
      parts.push(rest.slice(0, at), name);
      rest = rest.slice(at + name.length);
    }
    return sentence(node, parts);
  }

  // Each table is stored as what changed since the one before it ([length, place,
  // value, ...]; see page_data.py): put them together again, once.
  data.games.forEach(function (game) {
    let before = [];
    game.tables = game.tables.map(function (change) {
      const after = before.slice(0, change[0]);
      for (let i = 1; i < change.length; i += 2) after[change[i]] = change[i + 1];
      before = after;
      return after;
    });
  });
  function cardsOf(text) { return text ? text.split(" ") : []; }
  function player(p) {
    return {name: p[0], hand: cardsOf(p[1]), unknown: p[2], opened: p[3] === 1, total: p[4],
            out: p[5] === 1};
  }
  function meld(m) {
    return {number: m[0], owner: m[1], cards: cardsOf(m[2]), jokers: cardsOf(m[3]),
            refused: m[4] === 1};
  }
  // The table after a step, as `scala40 show --format json` writes it. A table is
  // [hand, phase, dealer, turn, pile, stock count, known stock, number of players,
  // each player, each meld], its parts named by their place in `parts`.
  function table(g, s) {
    const t = data.games[g].tables[s], n = t[7];
    return {hand: t[0], phase: t[1], dealer: t[2], turn: t[3],
            players: t.slice(8, 8 + n).map(function (i) { return player(parts[i]); }),
            melds: t.slice(8 + n).map(function (i) { return meld(parts[i]); }),
            pile: cardsOf(parts[t[4]]),
            stock: {count: t[5], known: t[6] === null ? null : cardsOf(parts[t[6]])}};
  }

  function cardName(code) {
    if (code === "JK") return say("joker");
    if (code === "?") return say("unknown card");
    const rank = code.slice(0, -1), suit = SUITS[code.slice(-1)];
    return say("{rank} of {suit}", {rank: RANKS[rank] ? say(RANKS[rank]) : rank,
                                    suit: suit ? say(suit[1]) : code.slice(-1)});
  }

  // A joker's label: the cards it stands for.
  function jokerAs(codes) {
    return say("joker as {cards}", {cards: codes.map(cardName).join(" " + say("or") + " ")});
  }

  function card(code, extra, label) {
    const node = el("span", "card");
    node.setAttribute("role", "img");
    if (code === "?") {
      node.classList.add("back");
      node.setAttribute("aria-label", label || say("unknown card"));
    } else if (code === "JK") {
      node.classList.add("joker");
      node.appendChild(el("span", "rank", "JK"));
      node.appendChild(el("span", "suit", "\u2605"));
      node.setAttribute("aria-label", label || say("joker"));
    } else {
      const suit = SUITS[code.slice(-1)] || ["?", "?", "black"];
      node.classList.add(suit[2]);
      node.appendChild(el("span", "rank", code.slice(0, -1)));
      node.appendChild(el("span", "suit", suit[0]));
      node.setAttribute("aria-label", label || cardName(code));
    }
    if (extra) node.classList.add(extra);
    return node;
  }

  function cardRow(codes, role) {
    const row = el("div", "cards");
    row.dataset.role = role;
    codes.forEach(function (code) {
      const c = card(code);
      c.dataset.card = code;
      row.appendChild(c);
    });
    return row;
  }

  function problemsOn(game, line) {
    return game.problems.filter(function (p) { return p.line === line; });
  }

  function drawPlayers(root, t, here) {
    const box = el("div", "players");
    t.players.forEach(function (p) {
      const seat = el("div", "player");
      seat.dataset.player = p.name;
      if (p.name === t.turn) seat.classList.add("turn");
      if (p.out) seat.classList.add("out");
      const head = el("h2");
      head.appendChild(piece(p.name, "name"));
      if (p.name === t.turn) head.appendChild(el("span", "tag", "\u25b6 " + say("to play")));
      if (p.opened) head.appendChild(el("span", "tag", say("opened")));
      if (p.out) head.appendChild(el("span", "tag", say("out")));
      head.appendChild(el("span", "total", say("total {total}", {total: p.total})));
      seat.appendChild(head);
      const row = cardRow(p.hand, "hand");
      row.dataset.unknown = String(p.unknown);
      for (let i = 0; i < Math.min(p.unknown, MOST_BACKS); i++) row.appendChild(card("?"));
      if (p.unknown > MOST_BACKS) row.appendChild(el("span", "more", "+" + (p.unknown - MOST_BACKS)));
      here.forEach(function (problem) {
        if (problem.player !== p.name || !problem.mark.cards) return;
        problem.mark.cards.forEach(function (code) {
          const ghost = card(code, "ghost", say("{card}, not in hand", {card: cardName(code)}));
          ghost.dataset.ghost = code;
          row.appendChild(ghost);
        });
      });
      seat.appendChild(row);
      box.appendChild(seat);
    });
    root.appendChild(box);
  }

  function drawMelds(root, t, here) {
    const box = el("div", "melds");
    box.appendChild(el("h2", null, t.melds.length ? say("Melds") : say("Melds: none")));
    const flagged = new Set(here.filter(function (p) { return !p.note; })
      .map(function (p) { return p.mark.meld; }));
    const laid = here.some(function (p) { return !p.note && p.mark.laid; });
    t.melds.forEach(function (m, i) {
      const row = el("div", "meld");
      row.dataset.meld = String(m.number);
      row.appendChild(el("span", "number", m.number + "."));
      let j = 0;
      m.cards.forEach(function (code) {
        const label = code === "JK" && m.jokers[j] ? jokerAs(m.jokers[j].split("|")) : undefined;
        if (code === "JK") j++;
        const c = card(code, null, label);
        c.dataset.card = code;
        row.appendChild(c);
      });
      row.appendChild(piece(m.owner, "owner"));
      if (m.refused) { row.classList.add("refused"); row.appendChild(el("span", "tag", "\u2716 " + say("refused"))); }
      if (flagged.has(m.number) || (laid && i === t.melds.length - 1)) {
        row.classList.add("flagged");
        row.appendChild(el("span", "tag", "\u26a0 " + say("this line")));
      }
      box.appendChild(row);
    });
    root.appendChild(box);
  }

  function drawPiles(root, t) {
    const box = el("div", "piles");
    const pile = el("div", "pile");
    pile.appendChild(el("h2", null, say("Pile ({size}, top last)", {size: t.pile.length})));
    pile.appendChild(cardRow(t.pile, "pile"));
    const stock = el("div", "stock");
    stock.dataset.role = "stock";
    stock.dataset.count = String(t.stock.count);
    stock.appendChild(el("h2", null, sayCount("Stock: {count} card", t.stock.count)));
    stock.appendChild(card("?", null, sayCount("stock, {count} card", t.stock.count)));
    if (t.stock.known) {
      stock.appendChild(el("p", "known", say("known, top first:")));
      stock.appendChild(cardRow(t.stock.known, "known"));
    }
    box.appendChild(pile);
    box.appendChild(stock);
    root.appendChild(box);
  }

  function drawProblems(root, here, names) {
    if (!here.length) return;
    const list = el("ul", "problems");
    list.setAttribute("aria-label", say("Problems of this line"));
    here.forEach(function (p) {
      const item = el("li", p.note ? "note" : "violation");
      item.appendChild(el("strong", null, (p.note ? "\u2139 " + say("note") : "\u26a0 " + say("violation")) + " " + p.code));
      message(item, " " + p.message, names);
      list.appendChild(item);
    });
    root.appendChild(list);
  }

  // At the game's last line: the winner, the totals after the last hand, who went out.
  function drawOutcome(root, outcome) {
    const box = el("div", "outcome");
    const head = el("h2");
    if (outcome.winner !== null) {
      const said = sayParts("Winner: {winner}", {}, {winner: outcome.winner});
      said[0] = "\u2605 " + said[0];
      sentence(head, said);
    } else {
      head.textContent = outcome.finished ? say("Match finished with no winner.") : say("Match not finished.");
    }
    box.appendChild(head);
    const totals = outcome.totals.map(function (pair) { return [["", pair[0], " " + pair[1]]]; });
    const out = outcome.eliminated.map(function (pair) {
      return [sayParts("{player} in hand {hand}", {hand: pair[1]}, {player: pair[0]})];
    });
    [[say("Totals:"), totals], [say("Eliminated:"), out]].forEach(function (list) {
      if (!list[1].length) return;
      const parts = [list[0] + " "];
      list[1].forEach(function (said, i) {
        said[0].forEach(function (part, j) {
          if (j === 0) parts[parts.length - 1] += part;
          else parts.push(part);
        });
        if (i < list[1].length - 1) parts[parts.length - 1] += ", ";
      });
      box.appendChild(sentence(el("p"), parts));
    });
    root.appendChild(box);
  }

  const logItems = [];
  function buildLog() {
    const list = document.getElementById("lines");
    const kinds = {};
    data.games.forEach(function (game) {
      game.lines.forEach(function (line) { kinds[line] = "event"; });
      game.problems.forEach(function (p) {
        if (!p.note) kinds[p.line] = "bad";
        else if (kinds[p.line] !== "bad") kinds[p.line] = "noted";
      });
    });
    data.errors.forEach(function (p) { kinds[p.line] = "bad"; });
    data.lines.forEach(function (text, i) {
      const line = i + 1;
      const item = el("li");
      item.dataset.line = String(line);
      item.appendChild(el("span", "number", String(line)));
      item.appendChild(logLine(text));
      if (kinds[line]) item.classList.add(kinds[line]);
      if (/^\s*;/.test(text)) item.classList.add("comment");
      if (kinds[line] === "bad") item.appendChild(el("span", "badge", "\u26a0"));
      if (kinds[line] === "noted") item.appendChild(el("span", "badge", "\u2139"));
      item.addEventListener("click", function () {
        if (document.activeElement === log) log.blur();  // clicked: the keys step again
        goLine(line);
      });
      list.appendChild(item);
      logItems.push(item);
    });
  }

  function render() {
    const g = positions[current][0], s = positions[current][1];
    const game = data.games[g], line = game.lines[s], t = table(g, s);
    const here = problemsOn(game, line);
    const root = document.getElementById("table");
    root.replaceChildren();
    root.dataset.game = String(game.index);
    root.dataset.line = String(line);
    drawProblems(root, here, game.players);
    if (s === game.lines.length - 1) drawOutcome(root, game.outcome);
    drawPlayers(root, t, here);
    drawMelds(root, t, here);
    drawPiles(root, t);
    extras.forEach(function (extra) {
      if (extra.table) extra.table(root, {game: game.index, line: line, table: t});
    });
    // Our words and the log's names, alternately (see sentence()).
    const where = [say("Game {game}, line {line}", {game: game.index, line: line}) +
                   (t.hand === null ? say(", before the first hand")
                                    : say(", hand {hand} ({phase})", {hand: t.hand, phase: say(t.phase)}))];
    function add(said) {
      where[where.length - 1] += said[0];
      for (let i = 1; i < said.length; i++) where.push(said[i]);
    }
    if (t.dealer) add(sayParts(", dealer {dealer}", {}, {dealer: t.dealer}));
    if (t.turn) add(sayParts(", {player}'s turn", {}, {player: t.turn}));
    const status = document.getElementById("where");
    status.replaceChildren();
    sentence(status, where);
    document.getElementById("said").replaceChildren(logLine(data.lines[line - 1] || ""));
    logItems.forEach(function (item) { item.classList.remove("current"); item.removeAttribute("aria-current"); });
    const item = logItems[line - 1];
    if (item) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
      showInLog(item);
    }
    try { history.replaceState(null, "", "#L" + line); } catch (e) { /* a file: URL may refuse */ }
  }

  // The log panel alone scrolls to the current line (never the page: the controls, the
  // status and the table stay where the person has them), a third down when it must move.
  const log = document.getElementById("log");
  function showInLog(item) {
    const panel = log.getBoundingClientRect(), box = item.getBoundingClientRect();
    if (box.top >= panel.top && box.bottom <= panel.bottom) return;
    log.scrollTop += box.top - panel.top - Math.max(0, (log.clientHeight - box.height) / 3);
  }
  // The header stays at the top of the screen, the log panel below it, while it takes a
  // quarter of the window at most; taller (a narrow phone, large text or spacing, a page
  // zoomed in), it scrolls away with the page instead of covering the table.
  const header = document.querySelector("header");
  function headerHeight() {
    const tall = header.offsetHeight > window.innerHeight / 4;
    header.classList.toggle("scrolls", tall);
    document.documentElement.style.setProperty("--head", (tall ? 0 : header.offsetHeight) + "px");
  }
  headerHeight();
  window.addEventListener("resize", headerHeight);
  if (window.ResizeObserver) new ResizeObserver(headerHeight).observe(header);

  function go(index) {
    current = Math.max(0, Math.min(positions.length - 1, index));
    render();
  }

  // The position of the table after `line`: in the game holding it, the last step on or before it.
  function positionOf(line) {
    let found = 0;
    positions.forEach(function (pos, i) {
      const game = data.games[pos[0]];
      if (game.first <= line && game.lines[pos[1]] <= line) found = i;
    });
    return found;
  }
  function goLine(line) { go(positionOf(line)); }

  function key(i, what) {
    const g = positions[i][0], t = data.games[g].tables[positions[i][1]];
    return what === "hand" ? g + ":" + t[0] : g + ":" + t[0] + ":" + t[3];
  }
  // The first table of the next (dir 1) or previous (dir -1) block of equal keys.
  function seek(dir, what) {
    const here = key(current, what);
    let i = current;
    while (i + dir >= 0 && i + dir < positions.length && key(i, what) === here) i += dir;
    if (dir < 0) {
      const there = key(i, what);
      while (i > 0 && key(i - 1, what) === there) i--;
    }
    go(i);
  }
  function violation(dir) {
    for (let i = current + dir; i >= 0 && i < positions.length; i += dir) {
      const game = data.games[positions[i][0]];
      if (game.violationLines.has(game.lines[positions[i][1]])) { go(i); return; }
    }
  }

  const actions = {
    ArrowLeft: function () { go(current - 1); }, ArrowRight: function () { go(current + 1); },
    ArrowUp: function () { seek(-1, "turn"); }, ArrowDown: function () { seek(1, "turn"); },
    PageUp: function () { seek(-1, "hand"); }, PageDown: function () { seek(1, "hand"); },
    Home: function () { go(0); }, End: function () { go(positions.length - 1); },
    n: function () { violation(1); }, p: function () { violation(-1); }
  };
  // Reached with Tab, the log panel scrolls with the keys that scroll a panel (as any
  // scrolled region does); ← → and n p still step. Clicked into, it steps as the page does.
  const SCROLLS = ["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End"];
  function scrollsTheLog(key) {
    return SCROLLS.indexOf(key) >= 0 && document.activeElement === log &&
      log.matches(":focus-visible");
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || scrollsTheLog(event.key)) return;
    const action = actions[event.key];
    if (action) { event.preventDefault(); action(); }
  });

  function buttons() {
    const nav = document.getElementById("buttons");
    [["\u00ab " + say("first"), say("First line"), "Home"],
     ["\u25c0 " + say("hand"), say("Previous hand"), "PageUp"],
     ["\u25c0 " + say("turn"), say("Previous turn"), "ArrowUp"],
     ["\u25c0 " + say("line"), say("Previous line"), "ArrowLeft"],
     [say("line") + " \u25b6", say("Next line"), "ArrowRight"],
     [say("turn") + " \u25b6", say("Next turn"), "ArrowDown"],
     [say("hand") + " \u25b6", say("Next hand"), "PageDown"],
     [say("last") + " \u00bb", say("Last line"), "End"],
     ["\u26a0 \u25c0", say("Previous violation"), "p"], ["\u26a0 \u25b6", say("Next violation"), "n"]
    ].forEach(function (b) {
      const button = el("button", null, b[0]);
      button.type = "button";
      button.setAttribute("aria-label", b[1]);
      button.title = b[1];
      button.addEventListener("click", actions[b[2]]);
      nav.appendChild(button);
    });
  }

  document.getElementById("title").appendChild(piece(data.file));
  buildLog();
  buttons();
  // The address's #L names the line: at load, and whenever it is changed (a link).
  function followAddress() {
    const wanted = /^#L(\d+)$/.exec(location.hash);
    if (wanted) goLine(Number(wanted[1]));
    return wanted;
  }
  if (positions.length) {
    if (!followAddress()) goLine(1);
    window.addEventListener("hashchange", followAddress);
  } else {
    document.getElementById("where").textContent = say("No game in this file.");
  }
  // Another page built on this one (a review: scala40cli/review/assets/review.js) adds
  // to it: `line(item, number)` for each line of the log, `table(root, where)` each
  // time a table is drawn, with the drawing helpers below. The page is drawn again.
  function extend(extra) {
    extras.push(extra);
    if (extra.line) logItems.forEach(function (item, i) { extra.line(item, i + 1); });
    if (positions.length) render();
  }
  // For the tests and for a person at the console: the table drawn, as `show` writes it.
  window.scala40 = {
    extend: extend, el: el, piece: piece, sentence: sentence, card: card, cardName: cardName,
    say: say, sayCount: sayCount, sayParts: sayParts, jokerAs: jokerAs,
    data: data, goLine: goLine,
    table: function () { return table(positions[current][0], positions[current][1]); },
    line: function () { return data.games[positions[current][0]].lines[positions[current][1]]; },
    violationLines: function () {
      return data.games.flatMap(function (g) { return Array.from(g.violationLines); });
    }
  };
})();
