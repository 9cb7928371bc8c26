#!/usr/bin/env node
// A small Scala 40 player for the scala40 table protocol (docs/protocol.md), in plain
// Node.js with no packages: one JSON object a line on standard input, one answer a line
// on standard output.
//
// It always draws from the stock. Before opening it lays its natural sets and runs
// (no jokers, no aces) when they are worth the opening points; once opened it lays
// every such meld and attaches single cards to the ends of the table's natural melds.
// It never empties its hand by laying down (a hand closes with a discard), and
// discards the costliest card that is not part of one of its melds.
"use strict";

const readline = require("readline");

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];

function parse(code) {
  if (code.startsWith("JK")) return { code, joker: true, rank: 0, suit: null };
  const suit = code.slice(-1);
  return { code, joker: false, rank: RANKS.indexOf(code.slice(0, -1)) + 1, suit };
}

function points(rank) { return rank === 1 ? 11 : Math.min(rank, 10); }
function penalty(c) { return c.joker ? 25 : points(c.rank); }
function value(meld) { return meld.reduce((sum, c) => sum + points(c.rank), 0); }

// Natural sets (3 or 4 suits of one rank) and runs (3 or more in a row, 2 to K).
function findMelds(cards) {
  const free = cards.filter((c) => !c.joker && c.rank !== 1);
  const melds = [];
  const used = new Set();
  for (const suit of SUITS) {
    const byRank = new Map();
    for (const c of free) if (c.suit === suit && !byRank.has(c.rank)) byRank.set(c.rank, c);
    let run = [];
    for (let rank = 2; rank <= 14; rank++) {
      const c = byRank.get(rank);
      if (c) { run.push(c); continue; }
      if (run.length >= 3) { melds.push(run); run.forEach((x) => used.add(x)); }
      run = [];
    }
  }
  for (let rank = 2; rank <= 13; rank++) {
    const seen = new Map();
    for (const c of free) if (c.rank === rank && !used.has(c) && !seen.has(c.suit)) seen.set(c.suit, c);
    if (seen.size >= 3) { const set = [...seen.values()]; melds.push(set); set.forEach((x) => used.add(x)); }
  }
  return melds;
}

// Where a card goes at an end of a natural table meld: its number, or 0.
function attachTo(card, table) {
  if (card.joker || card.rank === 1) return 0;
  for (const meld of table) {
    const cs = meld.cards.map(parse);
    if (cs.some((c) => c.joker || c.rank === 1)) continue;
    const isSet = cs.every((c) => c.rank === cs[0].rank);
    if (isSet) {
      if (cs.length < 4 && card.rank === cs[0].rank && !cs.some((c) => c.suit === card.suit)) return meld.number;
    } else if (card.suit === cs[0].suit) {
      const low = Math.min(...cs.map((c) => c.rank));
      const high = Math.max(...cs.map((c) => c.rank));
      if ((card.rank === low - 1 && card.rank >= 2) || (card.rank === high + 1 && card.rank <= 13)) return meld.number;
    }
  }
  return 0;
}

function remove(hand, cards) {
  for (const c of cards) hand.splice(hand.indexOf(c), 1);
}

// The moves of a turn, once the card is drawn: melds, attaches, then the discard.
function planTurn(ask, rules) {
  const hand = ask.cards.map(parse);
  const moves = [];
  let melds = findMelds(hand);
  if (!ask.opened) {
    const total = melds.reduce((sum, m) => sum + value(m), 0);
    const laid = melds.reduce((sum, m) => sum + m.length, 0);
    if (total < Number(rules.opening_points) || hand.length - laid < 2) melds = [];
  } else {
    while (melds.length && hand.length - melds.reduce((s, m) => s + m.length, 0) < 1) melds.pop();
  }
  for (const meld of melds) {
    moves.push("meld " + meld.map((c) => c.code).join(" "));
    remove(hand, meld);
  }
  if (ask.opened) {
    const table = ask.table.map((m) => ({ number: m.number, cards: [...m.cards] }));
    for (const card of [...hand]) {
      if (hand.length <= 1) break;
      const number = attachTo(card, table);
      if (!number) continue;
      moves.push(`attach ${card.code} to ${number}`);
      table[number - 1].cards.push(card.code);
      remove(hand, [card]);
    }
  }
  const kept = new Set(findMelds(hand).flat());
  const loose = hand.filter((c) => !kept.has(c));
  const pool = loose.length ? loose : hand;
  pool.sort((a, b) => penalty(b) - penalty(a));
  moves.push("discard " + pool[0].code);
  return moves;
}

let rules = {};
let queue = [];
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello") rules = message.rules;
  else if (message.type === "result") queue = [];
  else if (message.type === "bye") process.exit(0);
  else if (message.type === "ask") {
    let move;
    if (message.moves.includes("draw")) { queue = []; move = "draw"; }
    else {
      if (!queue.length) queue = planTurn(message, rules);
      move = queue.shift();
    }
    process.stdout.write(JSON.stringify({ move }) + "\n");
  }
});
