// scala40 review: the review of a log on its viewer page. Each decision the review
// weighed is marked on its line (?! an inaccuracy, ? a mistake, ?? a blunder); at that
// line the table shows the move played, the engine's move drawn as cards, and what the
// one played costs; the players' summaries stand above the table. Like the viewer, it
// decides nothing: every figure is the review's (the page's JSON data), and every text
// of the log is put in the page as text, never as markup.
"use strict";
(function () {
  const api = window.scala40;
  const review = api.data.review;
  const el = api.el, piece = api.piece, sentence = api.sentence;
  // Every word from the page's data, in its language (see viewer.js); the figures come
  // written as the language writes them (review/page.py).
  const say = api.say, sayParts = api.sayParts;
  const WORDS = {good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder"};
  const STAGES = {take: "take or draw", plan: "the turn's plays", buy: "buy or not"};
  const CARD = /^(?:10|[2-9AJQK])[SHDC]$|^JK(?:\(((?:10|[2-9AJQK])[SHDC])\))?$/;

  // The decisions by the line they are marked on (lines are the file's, one game each).
  const byLine = {};
  const marked = [];
  review.games.forEach(function (game) {
    game.decisions.forEach(function (d) {
      (byLine[d.line] = byLine[d.line] || []).push(d);
      if (d.reviewed && d.mark) marked.push(d.line);
    });
  });
  marked.sort(function (a, b) { return a - b; });

  function worst(decisions) {
    const order = ["good", "inaccuracy", "mistake", "blunder"];
    let found = null;
    decisions.forEach(function (d) {
      if (d.reviewed && d.mark && (!found || order.indexOf(d.class) > order.indexOf(found.class))) found = d;
    });
    return found;
  }

  function badge(d) {
    const node = el("span", "mark " + d.class);
    node.appendChild(el("span", null, d.mark)).setAttribute("aria-hidden", "true");
    node.appendChild(el("span", "hidden", " " + say(WORDS[d.class])));
    node.title = say(WORDS[d.class]);
    return node;
  }

  // A move in the log's words, its cards drawn as cards.
  function move(lines) {
    const box = el("div", "move");
    lines.forEach(function (line) {
      const row = el("div", "cards");
      line.split(" ").forEach(function (word) {
        const found = CARD.exec(word);
        if (!found) { row.appendChild(el("span", "word", word)); return; }
        const code = word.slice(0, 2) === "JK" ? "JK" : word;
        const label = found[1] ? api.jokerAs([found[1]]) : undefined;
        const c = api.card(code, null, label);
        c.dataset.card = word;
        row.appendChild(c);
      });
      box.appendChild(row);
    });
    return box;
  }

  function drawDecision(list, d) {
    const item = el("li", d.reviewed ? "reviewed " + d.class : "skipped");
    item.dataset.seat = d.seat;
    const head = el("p", "head");
    // one flex item: the head's gap goes between the sentence and its mark, not
    // between the name and the comma after it
    head.appendChild(sentence(el("span", "who"),
      sayParts("{seat}, {stage}:", {stage: say(STAGES[d.stage])}, {seat: d.seat})));
    if (!d.reviewed) {
      head.appendChild(el("span", null, say("not reviewed")));
      item.appendChild(head);
      item.appendChild(el("p", null, d.reason));
      list.appendChild(item);
      return;
    }
    if (d.mark) head.appendChild(badge(d));
    else head.appendChild(el("span", null, d.agreed ? say("the engine's move") : say("good")));
    item.appendChild(head);
    const played = el("div", "played");
    played.appendChild(el("p", "label", say("Played")));
    played.appendChild(move(d.played));
    item.appendChild(played);
    if (!d.agreed) {
      const engine = el("div", "engine");
      engine.dataset.role = "engine";
      engine.appendChild(el("p", "label", say("Engine")));
      engine.appendChild(move(d.engine));
      item.appendChild(engine);
      item.appendChild(el("p", "cost", say("Loses {loss} points of the hand (\u00b1 {error}), {share} of the match.",
        d.shown)));
    }
    list.appendChild(item);
  }

  function table(root, where) {
    const here = byLine[where.line];
    if (!here) return;
    const box = el("section", "review");
    box.setAttribute("aria-label", say("The review of this line"));
    box.appendChild(el("h2", null, say("Review")));
    const list = el("ul", "decisions");
    here.forEach(function (d) { drawDecision(list, d); });
    box.appendChild(list);
    root.insertBefore(box, root.firstChild);
  }

  function line(item, number) {
    const found = worst(byLine[number] || []);
    if (!found) return;
    item.classList.add("marked", found.class);
    item.appendChild(badge(found));
  }

  function summaries() {
    const box = el("section", "summaries");
    box.id = "review";
    box.setAttribute("aria-label", say("The review's summaries"));
    const head = el("h2", null, say("Review by the {engine} engine", {engine: review.engine}));
    box.appendChild(head);
    // Wider than a phone, the tables scroll sideways in this panel (the page does not),
    // the players' names kept in view at its left (review.css); this line says so.
    const cue = el("p", "scrolls", "\u21c6 " + say("The tables scroll sideways: every column is there."));
    cue.hidden = true;
    box.appendChild(cue);
    const frames = [];
    review.games.forEach(function (game) {
      const grid = el("table");
      grid.appendChild(el("caption", null, say("Game {game}", {game: game.index})));
      const titles = el("tr");
      [say("Player"), say("Decisions"), say("Agreement"), say("Average loss"), say("Of the match"),
       "?! " + say("inaccuracies"), "? " + say("mistakes"), "?? " + say("blunders"),
       say("Rating")].forEach(function (t) {
        const th = el("th", null, t);
        th.scope = "col";
        titles.appendChild(th);
      });
      const thead = el("thead");
      thead.appendChild(titles);
      grid.appendChild(thead);
      const body = el("tbody");
      game.summaries.forEach(function (s) {
        const row = el("tr");
        const name = el("th");
        name.scope = "row";
        name.appendChild(piece(s.player));
        row.appendChild(name);
        [String(s.decisions), s.shown.agreement, s.shown.average_loss, s.shown.average_match_loss,
         String(s.counts.inaccuracy), String(s.counts.mistake), String(s.counts.blunder),
         s.shown.rating].forEach(function (t) { row.appendChild(el("td", null, t)); });
        body.appendChild(row);
      });
      grid.appendChild(body);
      // Its own frame, which may scroll sideways, reached with the keyboard.
      const frame = el("div", "frame");
      frame.tabIndex = 0;
      frame.setAttribute("role", "region");
      frame.setAttribute("aria-label", say("Game {game}", {game: game.index}));
      frame.appendChild(grid);
      frames.push(frame);
      box.appendChild(frame);
      // A paper score sheet has no decision to weigh: said, not only shown by 0s.
      if (!game.decisions.length) {
        box.appendChild(el("p", "nothing", say("Nothing to review in game {game}: the log records no decision of the players reviewed (a paper score sheet records only the scores).", {game: game.index})));
      }
    });
    document.body.insertBefore(box, document.querySelector("main"));
    function overflows() {
      cue.hidden = !frames.some(function (f) { return f.scrollWidth > f.clientWidth + 1; });
    }
    overflows();
    window.addEventListener("resize", overflows);
    if (window.ResizeObserver) frames.forEach(function (f) { new ResizeObserver(overflows).observe(f); });
  }

  function next(dir) {
    const here = api.line();
    const found = dir > 0 ? marked.find(function (n) { return n > here; })
                          : marked.slice().reverse().find(function (n) { return n < here; });
    if (found !== undefined) api.goLine(found);
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "]") { event.preventDefault(); next(1); }
    if (event.key === "[") { event.preventDefault(); next(-1); }
  });
  const nav = document.getElementById("buttons");
  [["?! \u25c0", say("Previous marked decision"), -1], ["?! \u25b6", say("Next marked decision"), 1]]
    .forEach(function (b) {
      const button = el("button", null, b[0]);
      button.type = "button";
      button.setAttribute("aria-label", b[1]);
      button.title = b[1] + " (" + (b[2] > 0 ? "]" : "[") + ")";
      button.addEventListener("click", function () { next(b[2]); });
      nav.appendChild(button);
    });
  document.querySelector(".keys").appendChild(document.createTextNode(
    " " + say("] [ the next/previous marked decision.")));
  summaries();
  api.reviewLines = function () { return marked.slice(); };
  api.extend({line: line, table: table});
})();
