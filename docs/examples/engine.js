#!/usr/bin/env node
// A Scala 40 engine for the scala40 table protocol (docs/protocol.md), in plain
// Node.js (no packages): a developer's starting point.
//
//   scala40 arena easy 'mine=cmd:node docs/examples/engine.js' --games 20
//   scala40 simulate --seat 'Mine=cmd:node docs/examples/engine.js' --games 2 --out games
//
// It speaks protocol 2: it answers `hello` with {"protocol": 2}, repeats each
// ask's `id`, and `check`s a move with the referee before playing it whenever the
// rules could refuse it, so that a mistake of its own planning costs a fallback
// move, never a forfeit. It plays plainly: it opens as soon as its melds reach the
// opening points (taking the discard when that card opens), then lays every meld
// and attaches every card it can, and discards its costliest card that belongs to
// no meld and no near-meld of its hand. It never swaps a joker and never buys.
//
// Debug output goes to standard error, which the table reads and drops.
'use strict';

const readline = require('readline');

// ---------------------------------------------------------------- the cards
// A card is a string: '10S', 'QH', 'AD', 'JK' (a joker), and on the table a
// joker with the card it stands for, 'JK(5S)'.
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];

function isJoker(card) { return card.toUpperCase().startsWith('JK') || card.startsWith('*'); }
function rankOf(card) { return RANKS.indexOf(card.slice(0, -1)) + 1; } // A=1 .. K=13
function suitOf(card) { return card.slice(-1); }
function cardName(rank, suit) { return RANKS[(rank - 1) % 13] + suit; } // 14 is the ace

// What a card costs left in hand (classic: ace 11, joker 25).
function penalty(card) {
  if (isJoker(card)) return 25;
  const r = rankOf(card);
  return r === 1 ? 11 : Math.min(r, 10);
}
// What a card at a rank counts in a meld: a run's ace counts 1 low (rank 1), 11 high
// (rank 14); a set's ace 11.
function points(rank) { return rank === 1 ? 1 : rank === 14 ? 11 : Math.min(rank, 10); }

// ---------------------------------------------------------------- melds of a hand
// A meld is {cards: [...strings as they are written], used: [...hand cards], points}.
// `used` lists the hand cards it takes ('JK' for a joker), `cards` the words of the
// move (a joker declared: 'JK(5S)').

function countsOf(cards) {
  const m = new Map();
  for (const c of cards) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

// Every set and run the hand can make, with at most one joker each.
function candidateMelds(hand, rules) {
  const counts = countsOf(hand);
  const jokers = hand.filter(isJoker).length;
  const out = [];
  // Sets: 3 or 4 cards of one rank, each suit once; a joker may fill a suit.
  for (let r = 1; r <= 13; r++) {
    const suits = SUITS.filter((s) => counts.has(cardName(r, s)));
    for (const subset of subsets(suits)) {
      const value = (r === 1 ? 11 : Math.min(r, 10));
      if (subset.length >= 3) {
        out.push(makeMeld(subset.map((s) => cardName(r, s)), subset.map((s) => cardName(r, s)), value * subset.length));
      }
      if (jokers > 0 && (subset.length === 2 || subset.length === 3)) {
        const missing = SUITS.find((s) => !subset.includes(s));
        const natural = subset.map((s) => cardName(r, s));
        out.push(makeMeld(natural.concat(`JK(${cardName(r, missing)})`), natural.concat('JK'), value * (subset.length + 1)));
      }
    }
  }
  // Runs: consecutive ranks of one suit (the ace low at 1 or high at 14), at most
  // one of them a joker, at most run_max cards.
  const runMax = Number(rules.run_max || 14);
  for (const s of SUITS) {
    const has = (r) => counts.has(cardName(r, s));
    for (let lo = 1; lo <= 12; lo++) {
      let missing = 0;
      for (let hi = lo; hi <= 14 && hi - lo + 1 <= runMax; hi++) {
        if (!has(hi)) missing++;
        if (missing > Math.min(1, jokers)) break;
        if (hi - lo + 1 < 3) continue;
        if (lo === 1 && hi === 14) break; // never both aces of one run
        const cards = [];
        const used = [];
        let value = 0;
        for (let r = lo; r <= hi; r++) {
          if (has(r)) { cards.push(cardName(r, s)); used.push(cardName(r, s)); } else {
            cards.push(`JK(${cardName(r, s)})`); used.push('JK');
          }
          value += points(r);
        }
        out.push(makeMeld(cards, used, value));
        // A run of naturals may also take the joker at either end, for the points.
        if (missing === 0 && jokers > 0 && hi - lo + 2 <= runMax) {
          if (hi < 14 && !(lo === 1 && hi === 13)) {
            out.push(makeMeld(cards.concat(`JK(${cardName(hi + 1, s)})`), used.concat('JK'), value + points(hi + 1)));
          }
          if (lo > 1) {
            out.push(makeMeld([`JK(${cardName(lo - 1, s)})`].concat(cards), ['JK'].concat(used), value + points(lo - 1)));
          }
        }
      }
    }
  }
  return out;
}

function makeMeld(cards, used, value) {
  return { cards, used, points: value, joker: used.includes('JK') };
}

function subsets(items) {
  const out = [];
  for (let mask = 1; mask < (1 << items.length); mask++) {
    out.push(items.filter((_, i) => mask & (1 << i)));
  }
  return out;
}

// The disjoint melds of a hand worth the most (points, then cards laid), searched
// depth first with a bound on the work. `mustUse` is a card the melds must hold
// (the card taken from the discard pile). `keep` is how many cards to leave in hand.
function bestMelds(hand, rules, { noJokers = false, mustUse = null, keep = 1 } = {}) {
  let melds = candidateMelds(hand, rules);
  if (noJokers) melds = melds.filter((m) => !m.joker);
  melds.sort((a, b) => b.points - a.points);
  const counts = countsOf(hand.map((c) => (isJoker(c) ? 'JK' : c)));
  let best = { melds: [], points: 0, cards: 0 };
  let work = 0;
  const chosen = [];
  function search(start, pts, laid) {
    if (++work > 50000) return;
    const ok = mustUse === null || chosen.some((m) => m.used.includes(mustUse));
    if (ok && hand.length - laid >= keep && (pts > best.points || (pts === best.points && laid > best.cards))) {
      best = { melds: chosen.slice(), points: pts, cards: laid };
    }
    for (let i = start; i < melds.length; i++) {
      const m = melds[i];
      if (hand.length - laid - m.used.length < keep) continue;
      if (!m.used.every((c) => (counts.get(c) || 0) >= m.used.filter((x) => x === c).length)) continue;
      for (const c of m.used) counts.set(c, counts.get(c) - 1);
      chosen.push(m);
      search(i + 1, pts + m.points, laid + m.used.length);
      chosen.pop();
      for (const c of m.used) counts.set(c, counts.get(c) + 1);
    }
  }
  search(0, 0, 0);
  return best;
}

// ---------------------------------------------------------------- the table's melds
// Where a hand card may be attached: [{card, to, low}], each a move 'attach CARD to N'
// (`low`: at the low end of a run).
function attachments(hand, table, rules) {
  const runMax = Number(rules.run_max || 14);
  const out = [];
  for (const meld of table) {
    const naturals = meld.cards.map((c) => (isJoker(c) ? (c.match(/\((.+)\)/) || [])[1] : c));
    const known = naturals.filter(Boolean);
    if (known.length === 0) continue;
    const isSet = known.every((c) => rankOf(c) === rankOf(known[0])) && meld.cards.length <= 4 &&
      !(known.length >= 2 && suitOf(known[0]) === suitOf(known[1]));
    if (isSet) {
      if (meld.cards.length >= 4) continue;
      const suits = known.map(suitOf);
      for (const c of hand) {
        if (!isJoker(c) && rankOf(c) === rankOf(known[0]) && !suits.includes(suitOf(c))) {
          out.push({ card: c, to: meld.number, low: false });
        }
      }
      continue;
    }
    // A run, written in order: its ends are its first and last cards.
    if (meld.cards.length >= runMax || naturals.some((c) => !c)) continue;
    const suit = suitOf(known[0]);
    let lo = rankOf(naturals[0]);
    let hi = rankOf(naturals[naturals.length - 1]);
    if (hi === 1) hi = 14; // ... Q K A: the ace closes it high (a first ace is low)
    for (const c of hand) {
      if (isJoker(c) || suitOf(c) !== suit) continue;
      const r = rankOf(c);
      if (r === lo - 1) out.push({ card: c, to: meld.number, low: true });
      else if ((r === 1 && hi === 13) || r === hi + 1) out.push({ card: c, to: meld.number, low: false });
    }
  }
  return out;
}

// ---------------------------------------------------------------- choosing a move
// How much a card left in hand helps: a card of a pair, of a near-run or a joker is
// kept; the costliest card that helps least goes.
function keepScore(card, hand) {
  if (isJoker(card)) return 1000;
  let help = 0;
  for (const other of hand) {
    if (other === card || isJoker(other)) continue;
    if (rankOf(other) === rankOf(card) && suitOf(other) !== suitOf(card)) help += 12;
    const d = Math.abs(rankOf(other) - rankOf(card));
    if (suitOf(other) === suitOf(card) && (d === 1 || d === 2 || d === 12)) help += d === 1 || d === 12 ? 10 : 6;
  }
  return help - penalty(card);
}

function discardOrder(hand, ask) {
  // The cards the best melds of the hand leave over go first, then the others.
  let left = hand.slice();
  for (const m of bestMelds(hand, rules, { keep: 1 }).melds) left = without(left, m.used);
  const byScore = (a, b) => keepScore(a, hand) - keepScore(b, hand);
  const order = [...new Set(left)].sort(byScore).concat([...new Set(hand)].filter((c) => !left.includes(c)).sort(byScore));
  // The card taken this turn may not go back (discard_taken_card=forbidden): last.
  return order.filter((c) => c !== ask.taken).concat(order.filter((c) => c === ask.taken));
}

let rules = {};
let turnPlan = []; // the melds still to lay in this turn's opening

// Cards to keep in hand for the discard: one, and two in one's first turn where the
// rules refuse closing then (closing_first_round=not_allowed).
function keepCount(ask) {
  return rules.closing_first_round === 'not_allowed' && !ask.played ? 2 : 1;
}

// The melds that open (worth opening_points together, with no joker where the rules
// want natural cards), holding `mustUse` when given; null when the hand cannot open.
function openingPlan(hand, ask, mustUse) {
  const need = Number(rules.opening_points || 40);
  const noJokers = rules.opening_jokers === 'forbidden';
  const plan = bestMelds(hand, rules, { noJokers, mustUse, keep: keepCount(ask) });
  return plan.points >= need ? plan.melds : null;
}

// The candidates for a move, best first; the caller checks them in turn.
function candidates(ask) {
  const hand = ask.cards;
  const moves = ask.moves;
  const top = ask.pile.top;
  if (moves.includes('buy')) return [{ move: 'pass' }];
  if (moves.includes('end')) return [{ move: 'end' }];
  if (moves.includes('draw')) {
    turnPlan = [];
    const out = [];
    if (top && !isJoker(top) && wantTake(hand, top, ask)) out.push({ move: 'take' });
    out.push({ move: 'draw' });
    return out;
  }
  const out = [];
  const keep = keepCount(ask);
  if (!ask.opened_now) {
    if (turnPlan.length === 0) turnPlan = openingPlan(hand, ask, ask.taken) || [];
    for (const m of turnPlan) out.push({ move: `meld ${m.cards.join(' ')}`, plan: m });
  } else {
    // In the opening turn every meld is an opening meld (opening_jokers=forbidden).
    const noJokers = !ask.opened && rules.opening_jokers === 'forbidden';
    // A card taken from the pile must reach the table this turn (must_use): its
    // meld first.
    const taken = ask.taken && hand.includes(ask.taken) ? ask.taken : null;
    let plan = bestMelds(hand, rules, { keep, mustUse: taken, noJokers });
    if (plan.melds.length === 0) plan = bestMelds(hand, rules, { keep, noJokers });
    for (const m of plan.melds) {
      if (canClose(without(hand, m.used), ask.table.concat([{ number: 0, cards: m.cards }]), ask.taken)) {
        out.push({ move: `meld ${m.cards.join(' ')}` });
      }
    }
    if (hand.length > keep) {
      for (const a of attachments(hand, ask.table, rules)) {
        // The table as the attach leaves it: the card just laid may let the last one fit.
        const after = ask.table.map((m) => (m.number !== a.to ? m
          : { ...m, cards: a.low ? [a.card].concat(m.cards) : m.cards.concat(a.card) }));
        if (canClose(without(hand, [a.card]), after, ask.taken)) out.push({ move: `attach ${a.card} to ${a.to}` });
      }
    }
  }
  for (const c of discardOrder(hand, ask)) out.push({ move: `discard ${c}`, discard: true });
  return out;
}

function without(hand, used) {
  const left = hand.slice();
  for (const c of used) left.splice(left.findIndex((x) => (c === 'JK' ? isJoker(x) : x === c)), 1);
  return left;
}

// Whether plays that leave `left` in hand still leave a card the rules let go: a
// hand of one card closes with it, and the table refuses a closing discard it could
// refuse (a joker under discard_joker=not_closing, a card that fits the table under
// discard_playable=forbidden), unlike a discard the rules left no way out of.
function canClose(left, table, taken) {
  if (left.length !== 1) return true;
  const last = left[0];
  if (last === taken && rules.discard_taken_card !== 'allowed') return false;
  if (isJoker(last)) return rules.discard_joker !== 'not_closing' && rules.discard_playable !== 'forbidden';
  if (rules.discard_playable === 'forbidden' || rules.discard_playable === 'forbidden_before_opening') {
    return attachments([last], table, rules).length === 0;
  }
  return true;
}

// Take the discard when it opens (before opening) or joins a meld or the table
// (after): the rules then want it laid this very turn.
function wantTake(hand, top, ask) {
  if (!ask.opened) {
    if (rules.take_before_opening === 'forbidden') return false;
    return openingPlan(hand.concat(top), ask, top) !== null;
  }
  const plan = bestMelds(hand.concat(top), rules, { mustUse: top, keep: 1 });
  if (plan.melds.length > 0) return true;
  return hand.length >= 2 && attachments([top], ask.table, rules).length > 0;
}

// ---------------------------------------------------------------- the protocol
const lines = [];
let waiting = null;
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => { if (waiting) { const w = waiting; waiting = null; w(line); } else lines.push(line); });
rl.on('close', () => process.exit(0));

function next() {
  return lines.length ? Promise.resolve(lines.shift()) : new Promise((resolve) => { waiting = resolve; });
}
function send(obj) { process.stdout.write(`${JSON.stringify(obj)}\n`); }

let checkId = 0;
async function check(move) {
  const id = `c${++checkId}`;
  send({ check: move, id });
  for (;;) {
    const reply = JSON.parse(await next());
    if (reply.type === 'checked' && reply.id === id) return reply;
    // Nothing else comes between a check and its answer; anything that did is ignored.
  }
}

async function answer(ask) {
  let chosen = null;
  let firstDiscard = null;
  let planBroken = false;
  for (const c of candidates(ask)) {
    const verb = c.move.split(' ')[0];
    if (!ask.moves.includes(verb) || (c.plan && planBroken)) continue;
    if (c.discard && firstDiscard === null) firstDiscard = c.move;
    if (c.move === 'draw' || c.move === 'pass' || c.move === 'end') { chosen = c.move; break; }
    const reply = await check(c.move);
    if (reply.ok) { chosen = c.move; break; }
    process.stderr.write(`engine: ${c.move} refused by check: ${reply.code} ${reply.reason}\n`);
    if (c.plan) { turnPlan = []; planBroken = true; } // the opening does not hold
  }
  // No discard passed its check: the rules let none go (discard_playable), and the
  // table then takes any discard.
  if (chosen === null) chosen = firstDiscard || `discard ${ask.cards[0]}`;
  if (chosen.startsWith('meld ')) {
    turnPlan = turnPlan.filter((m) => `meld ${m.cards.join(' ')}` !== chosen);
  }
  send({ move: chosen, id: ask.id });
}

async function main() {
  for (;;) {
    const line = await next();
    let msg;
    try { msg = JSON.parse(line); } catch { continue; }
    if (msg.type === 'hello') {
      rules = msg.rules || {};
      send({ protocol: 2 });
    } else if (msg.type === 'ask') {
      await answer(msg);
    } else if (msg.type === 'result') {
      process.stderr.write(`engine: forfeit: ${msg.code} ${msg.reason}\n`);
    } else if (msg.type === 'bye') {
      process.exit(0);
    }
  }
}

main();
