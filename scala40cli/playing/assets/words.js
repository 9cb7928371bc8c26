// scala40 play: the page's words and its cards, in the page's language. Every word comes
// from the server's catalogue (api/words); a card is drawn as its face (the rank's
// letter in the page's language, the suit's sign) and named for a screen reader
// ("dix de cœur", "jolly (8 di cuori)").
"use strict";

const SUITS = { S: ["\u2660", "spades"], H: ["\u2665", "hearts"], D: ["\u2666", "diamonds"],
  C: ["\u2663", "clubs"] };
const FACES = { A: ["ace", "the ace's letter"], J: ["jack", "the jack's letter"],
  Q: ["queen", "the queen's letter"], K: ["king", "the king's letter"] };
const NATURAL = "(?:10|[2-9AJQK])[SHDC]";
// A card code in a sentence: a natural card, a joker, a joker that says what it stands for.
const CARD_CODE = new RegExp("^(?:JK\\((" + NATURAL + ")\\)|JK|" + NATURAL + ")$");

export function makeWords(payload) {
  const messages = payload.messages || {};
  const plurals = payload.plurals || {};
  const form = payload.plural === "n > 1" ? (n) => (n > 1 ? 1 : 0) : (n) => (n !== 1 ? 1 : 0);

  function fill(text, values) {
    let out = text;
    for (const [k, v] of Object.entries(values || {})) out = out.split("{" + k + "}").join(String(v));
    return out;
  }
  // The message ``id`` in the page's language; with ``count``, the form that number takes.
  function raw(id, count) {
    if (count === undefined) return messages[id] || id;
    const forms = plurals[id] || [messages[id] || id];
    return forms[Math.min(form(count), forms.length - 1)];
  }
  // A message, its {placeholders} filled.
  function t(id, values) { return fill(raw(id), values); }
  // A message with a number in it ({count}).
  function tn(id, count, values) { return fill(raw(id, count), Object.assign({ count }, values)); }

  function parse(code) {
    const joker = code.startsWith("JK");
    const as = joker && code.length > 2 ? code.slice(3, -1) : null;
    return { joker, as, rank: joker ? null : code.slice(0, -1), suit: joker ? null : code.slice(-1) };
  }
  function rankLetter(rank) { return FACES[rank] ? t(FACES[rank][1]) : rank; }
  // What a card shows: "R♠", "10♦", "★"; a joker that stands for a card, "★8♥".
  function face(code) {
    const c = parse(code);
    if (c.joker) return "\u2605" + (c.as ? face(c.as) : "");
    return rankLetter(c.rank) + (SUITS[c.suit] ? SUITS[c.suit][0] : c.suit);
  }
  // How a card is said: "roi de pique", "jolly (8 di cuori)"; "8S|8C": one of them.
  function name(code) {
    if (code.includes("|")) return code.split("|").map(name).join(" " + t("or") + " ");
    const c = parse(code);
    if (c.joker) return c.as ? t("joker ({card})", { card: name(c.as) }) : t("joker");
    const rank = FACES[c.rank] ? t(FACES[c.rank][0]) : c.rank;
    return t("{rank} of {suit}", { rank, suit: SUITS[c.suit] ? t(SUITS[c.suit][1]) : c.suit });
  }
  function colour(code) { return code.startsWith("JK") ? "joker" : "HD".includes(code.slice(-1)) ? "red" : "black"; }

  // A card drawn on the table: its face, and its name for a screen reader (``as``:
  // what a joker stands for, shown under its star).
  function cardEl(code, as, tag) {
    const el = document.createElement(tag || "span");
    el.className = "card " + colour(code);
    el.dataset.code = code;
    const top = document.createElement("span");
    top.className = "face";
    top.textContent = face(code === "JK" ? "JK" : code);
    top.setAttribute("aria-hidden", "true");
    el.append(top);
    if (as) {
      const under = document.createElement("span");
      under.className = "as";
      under.textContent = as.split("|").map(face).join("/");
      under.setAttribute("aria-hidden", "true");
      el.append(under);
    }
    const spoken = as ? t("joker ({card})", { card: name(as) }) : name(code);
    if (el.tagName === "BUTTON") el.setAttribute("aria-label", spoken);
    else { el.setAttribute("role", "img"); el.setAttribute("aria-label", spoken); }
    return el;
  }
  // A card within a sentence: its face to the eye, its name to a screen reader.
  function inlineCard(code) {
    const el = document.createElement("span");
    el.className = "cardtext " + colour(code);
    const shown = document.createElement("span");
    shown.textContent = face(code);
    shown.setAttribute("aria-hidden", "true");
    const said = document.createElement("span");
    said.className = "sr";
    said.textContent = name(code);
    el.append(shown, said);
    return el;
  }
  // A message whose values may be lists of card codes, as nodes: each card drawn inline.
  function nodes(id, values, count) {
    return sentence(raw(id, count), count === undefined ? values : Object.assign({ count }, values));
  }
  function sentence(text, values) {
    const nodes = [];
    for (const piece of text.split(/(\{\w+\})/)) {
      const key = piece.startsWith("{") ? piece.slice(1, -1) : null;
      const value = key !== null && values && key in values ? values[key] : undefined;
      if (value === undefined) { if (piece) nodes.push(document.createTextNode(piece)); continue; }
      if (Array.isArray(value)) {
        value.forEach((code, i) => { if (i) nodes.push(document.createTextNode(" ")); nodes.push(inlineCard(code)); });
      } else nodes.push(document.createTextNode(String(value)));
    }
    return nodes;
  }
  // The server's parts of a refusal ({text} and {card}) as nodes.
  function parts(list) {
    return list.map((p) => (p.card !== undefined && CARD_CODE.test(p.card) ? inlineCard(p.card)
      : document.createTextNode(p.text || "")));
  }
  return { t, tn, face, name, cardEl, inlineCard, nodes, parts };
}
