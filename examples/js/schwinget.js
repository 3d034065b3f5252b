#!/usr/bin/env node
// Schwinget in plain JavaScript (Node.js 20, no packages): a Gang, its points, a match
// and a Schwingfest, speaking the schwinget conformance harness protocol, version 2 with
// every level (docs/harness.md), on stdin/stdout.
//
// Written from the booklet (shared/rules/schwinget.de.txt) as read by
// docs/ambiguities.md; each rule names its clause id (schwinget_spec/clauses.py).
//
//   node examples/js/schwinget.js            # then type JSON lines, one request each
//   schwinget conformance run -- node examples/js/schwinget.js
//
// Required as a module it serves nothing by itself: it exports the Gang, gangPoints and
// serve(variant), so that an engine with one injected bug (schwinget_buggy.js,
// schwinget_scoring_bug.js) replaces only the piece its bug lives in.

'use strict';

const readline = require('node:readline');

const NAME = 'schwinget-js';
const VERSION = '2.0.0';
const PROTOCOL = 2;
const LEVELS = ['gang', 'scoring', 'match', 'schwingfest'];
const HAND_SIZE = 5;
const PILE_SIZE = 12;

// cards.schwungkarten: four colours of values 1-6, the Kampfrichter (KR) and the Brienzer-Konter (BK)
const CARDS = [];
for (const colour of 'RGBY') for (let v = 1; v <= 6; v++) CARDS.push(colour + v);
CARDS.push('KR', 'BK');
const CARD_INDEX = new Map(CARDS.map((c, i) => [c, i]));

// cards.special: the Kampfrichter and the Brienzer-Konter have no colour and no value
const colourOf = (card) => (card === 'KR' || card === 'BK' ? null : card[0]);
const valueOf = (card) => (colourOf(card) === null ? null : Number(card[1]));
const byIndex = (a, b) => CARD_INDEX.get(a) - CARD_INDEX.get(b);
const other = (p) => 1 - p;
const seat = (p) => (p === null ? null : 'P' + p);

const DEFAULT_RULES = {
  special_cards_follow_colour: false, // AMB-SPECIAL-FARBZWANG
  void_konter_beats_six: true, // AMB-KONTER-VOID
  konter_beats_trump_six: true, // AMB-KONTER-TRUMP-SIX
  konter_loses_to_kampfrichter: false, // AMB-KONTER-VS-KR
  void_kampfrichter_neutralises: true, // AMB-KAMPFRICHTER-VOID
  good_loser_after_plattwurf: true, // AMB-GUT-GEKAEMPFT-PLATTWURF
  draw_tie_starter: 'younger', // AMB-DRAW-TIE-STARTER
  fest_starter: 'loser_of_first_meeting', // AMB-FEST-STARTER
  fest_tiebreak: 'shared', // AMB-FEST-TIES
};
const SWITCH_VALUES = {
  draw_tie_starter: ['younger', 'drawn_gang_starter', 'drawn_gang_other'],
  fest_starter: ['loser_of_first_meeting', 'alternate', 'younger'],
  fest_tiebreak: ['shared', 'wins_then_plattwuerfe'],
};

class Illegal extends Error {
  constructor(clause, message) {
    super(message);
    this.clause = clause;
  }
}

class BadRequest extends Error {}

function checkDeal(deal) {
  if (!deal || typeof deal !== 'object') throw new BadRequest('deal must be an object');
  const { hands, revealed, face_down: faceDown, pile } = deal;
  if (!Array.isArray(hands) || hands.length !== 2) throw new BadRequest('deal.hands must hold two hands');
  const seen = new Set();
  const take = (card, where) => {
    if (!CARD_INDEX.has(card)) throw new BadRequest(`${where}: unknown card ${JSON.stringify(card)}`);
    if (seen.has(card)) throw new BadRequest(`${where}: ${card} appears twice`);
    seen.add(card);
  };
  hands.forEach((hand, i) => {
    // deal.hands: five cards each
    if (!Array.isArray(hand) || hand.length !== HAND_SIZE) throw new BadRequest(`deal.hands[${i}] must hold 5 cards`);
    hand.forEach((c) => take(c, `deal.hands[${i}]`));
  });
  take(revealed, 'deal.revealed');
  // deal.set_aside: four set aside, the top one revealed; deal.pile: the remaining twelve
  if (!Array.isArray(faceDown) || faceDown.length !== 3) throw new BadRequest('deal.face_down must hold 3 cards');
  faceDown.forEach((c) => take(c, 'deal.face_down'));
  if (!Array.isArray(pile) || pile.length !== PILE_SIZE) throw new BadRequest('deal.pile must hold 12 cards');
  pile.forEach((c) => take(c, 'deal.pile'));
}

class Gang {
  constructor(deal, starter, rules) {
    this.rules = rules;
    this.starter = starter;
    this.hands = [new Set(deal.hands[0]), new Set(deal.hands[1])];
    this.pile = deal.pile.slice(); // pile[0] is drawn first
    this.drawn = 0;
    this.trump = colourOf(deal.revealed); // deal.trump; null: deal.no_trump
    this.phase = 'lead'; // lead | answer | choose | over
    this.toMove = starter; // gang.turn: the starter leads the first Schwung (AMB-STARTER)
    this.led = null;
    this.angriff = null; // {player, afterSchwung}
    this.pending = false; // a neutralised trick lies in the middle
    this.tricks = [0, 0];
    this.schwuenge = []; // {winner, afterAngriff}
  }

  drawsOpen() {
    // angriff.locks_pile; the pile used up ends the draws
    return this.angriff === null && this.drawn < PILE_SIZE;
  }

  draw(player) {
    // schwung.lead_draw, schwung.answer_draw (AMB-ANSWER-DRAW: after playing)
    if (this.drawsOpen()) this.hands[player].add(this.pile[this.drawn++]);
  }

  allowedAnswers(hand) {
    const led = colourOf(this.led);
    if (led === null) return [...hand]; // a special card led has no colour to follow (AMB-SPECIAL-LEAD)
    const following = [...hand].filter((c) => colourOf(c) === led);
    if (following.length === 0) return [...hand]; // schwung.void_any
    return [...hand].filter(
      (c) =>
        colourOf(c) === led || // schwung.farbzwang
        (this.trump !== null && colourOf(c) === this.trump) || // trump.anytime
        (colourOf(c) === null && !this.rules.special_cards_follow_colour), // AMB-SPECIAL-FARBZWANG
    );
  }

  legal() {
    if (this.phase === 'lead') {
      const cards = [...this.hands[this.toMove]].sort(byIndex); // schwung.lead
      // angriff.who, angriff.once, angriff.not_empty_pile
      return this.angriff === null && this.drawn < PILE_SIZE ? ['A', ...cards] : cards;
    }
    if (this.phase === 'answer') return this.allowedAnswers(this.hands[this.toMove]).sort(byIndex);
    if (this.phase === 'choose') return ['L0', 'L1']; // kampfrichter.chooses
    return [];
  }

  apply(action) {
    if (typeof action !== 'string') throw new BadRequest('action must be a string');
    if (this.phase === 'over') {
      throw new Illegal(this.angriff ? 'gang.end_angriff' : 'gang.end_no_angriff', 'the Gang is over');
    }
    if (action === 'A') return this.attack();
    if (action === 'L0' || action === 'L1') return this.choose(Number(action[1]));
    if (!CARD_INDEX.has(action)) throw new BadRequest(`unknown action ${JSON.stringify(action)}`);
    if (this.phase === 'choose') {
      throw new Illegal('kampfrichter.chooses', 'the Kampfrichter\'s player must first choose who leads next');
    }
    return this.phase === 'lead' ? this.lead(action) : this.answer(action);
  }

  attack() {
    if (this.phase === 'choose') throw new Illegal('kampfrichter.chooses', 'choose the next leader first');
    if (this.phase !== 'lead') throw new Illegal('angriff.who', 'only the player about to lead may attack');
    if (this.angriff !== null) throw new Illegal('angriff.once', 'there is only one Angriff per Gang');
    if (this.drawn >= PILE_SIZE) throw new Illegal('angriff.not_empty_pile', 'the pile is used up');
    // angriff.stier_on_pile, angriff.locks_pile: from now on nobody draws
    this.angriff = { player: this.toMove, afterSchwung: this.schwuenge.length };
  }

  choose(player) {
    if (this.phase !== 'choose') throw new Illegal('kampfrichter.chooses', 'no Kampfrichter trick awaits a choice');
    this.phase = 'lead'; // kampfrichter.chooses (AMB-KR-CHOOSER: the Kampfrichter's player decides)
    this.toMove = player;
  }

  lead(card) {
    const leader = this.toMove;
    if (!this.hands[leader].has(card)) throw new Illegal('schwung.lead', `${seat(leader)} does not hold ${card}`);
    this.hands[leader].delete(card);
    this.draw(leader);
    this.led = card;
    this.phase = 'answer';
    this.toMove = other(leader); // schwung.answer
  }

  answer(card) {
    const answerer = this.toMove;
    const leader = other(answerer);
    const hand = this.hands[answerer];
    if (!hand.has(card)) throw new Illegal('schwung.answer', `${seat(answerer)} does not hold ${card}`);
    if (!this.allowedAnswers(hand).includes(card)) {
      throw new Illegal('schwung.farbzwang', `must follow colour ${colourOf(this.led)}`);
    }
    const ledColour = colourOf(this.led);
    const wasVoid = ledColour !== null && ![...hand].some((c) => colourOf(c) === ledColour);
    hand.delete(card);
    this.draw(answerer);
    // AMB-LAST-SCHWUNG: the last Schwung is the one after which both hands are empty
    const isLast = this.hands[0].size === 0 && this.hands[1].size === 0;
    const winner = this.resolve(leader, this.led, card, isLast, wasVoid);
    const afterAngriff = this.angriff !== null;
    this.led = null;
    this.schwuenge.push({ winner, afterAngriff });
    if (winner === null) {
      // kampfrichter.neutralises: the trick stays in the middle; its player chooses
      this.pending = true;
      this.phase = 'choose';
      this.toMove = this.kampfrichterPlayer;
      return;
    }
    // trick.winner_takes; kampfrichter.collect: the pending trick goes with it
    this.tricks[winner] += this.pending ? 2 : 1;
    this.pending = false;
    // gang.end_no_angriff, gang.end_angriff; trick.winner_leads
    this.phase = isLast ? 'over' : 'lead';
    this.toMove = winner;
  }

  konterBeats(six) {
    // konter.beats_six; a trump 6 only under konter_beats_trump_six (AMB-KONTER-TRUMP-SIX)
    return valueOf(six) === 6 && (this.rules.konter_beats_trump_six || colourOf(six) !== this.trump);
  }

  // kampfrichter.last_schwung (and konter.last_trick): no effect on the very last Schwung
  kampfrichterActs(isLast) {
    return !isLast;
  }

  // The winner of a Schwung (0 or 1), or null when the Kampfrichter neutralises it.
  resolve(leader, led, answer, isLast, wasVoid) {
    const answerer = other(leader);
    if (led === 'KR' || answer === 'KR') {
      this.kampfrichterPlayer = led === 'KR' ? leader : answerer;
      if (!this.kampfrichterActs(isLast)) return other(this.kampfrichterPlayer);
      // AMB-KONTER-VS-KR: under konter_loses_to_kampfrichter the Konter loses (konter.loses)
      const otherCard = led === 'KR' ? answer : led;
      if (otherCard === 'BK' && this.rules.konter_loses_to_kampfrichter) return this.kampfrichterPlayer;
      // AMB-KAMPFRICHTER-VOID: under void_kampfrichter_neutralises false a void Kampfrichter answer loses (schwung.void_loses)
      if (wasVoid && !this.rules.void_kampfrichter_neutralises) return leader;
      return null; // kampfrichter.neutralises
    }
    if (led === 'BK') {
      if (this.konterBeats(answer)) return leader; // konter.beats_six
      return answerer; // konter.loses (or trump.beats a trump 6)
    }
    if (answer === 'BK') {
      if (this.konterBeats(led)) {
        if (wasVoid && !this.rules.void_konter_beats_six) return leader; // AMB-KONTER-VOID
        return answerer; // konter.beats_six
      }
      return leader; // konter.loses
    }
    const ledColour = colourOf(led);
    const answerColour = colourOf(answer);
    if (answerColour === ledColour) return valueOf(answer) > valueOf(led) ? answerer : leader; // schwung.higher_wins
    if (this.trump !== null && answerColour === this.trump) return answerer; // trump.beats
    if (this.trump !== null && ledColour === this.trump) return leader; // trump.beats
    return leader; // schwung.void_loses
  }

  state() {
    const over = this.phase === 'over';
    return {
      ok: true,
      to_move: over ? null : seat(this.toMove),
      tricks: this.tricks.slice(),
      pile_size: PILE_SIZE - this.drawn,
      hand_sizes: [this.hands[0].size, this.hands[1].size],
      is_over: over,
      hands: [[...this.hands[0]].sort(byIndex), [...this.hands[1]].sort(byIndex)],
    };
  }

  result() {
    let plattwurf = null;
    if (this.angriff !== null) {
      // plattwurf.after_angriff, plattwurf.definition (AMB-PLATTWURF-PENDING, reading L)
      const winners = new Set(this.schwuenge.filter((s) => s.afterAngriff && s.winner !== null).map((s) => s.winner));
      if (winners.size === 1) plattwurf = [...winners][0];
    }
    let winner = null;
    let outcome;
    if (plattwurf !== null) {
      winner = plattwurf;
      outcome = plattwurf === this.angriff.player ? 'plattwurf_eigener_angriff' : 'plattwurf_gegnerischer_angriff';
    } else if (this.tricks[0] === this.tricks[1]) {
      outcome = 'gestellter'; // gang.more_tricks_wins: equal tricks
    } else {
      winner = this.tricks[0] > this.tricks[1] ? 0 : 1; // gang.more_tricks_wins
      outcome = this.angriff !== null ? 'sieg_mit_angriff' : 'sieg_ohne_angriff';
    }
    return {
      ok: true,
      tricks: this.tricks.slice(),
      schwuenge: this.schwuenge.length,
      outcome,
      winner: seat(winner),
      plattwurf: seat(plattwurf),
      angriff: this.angriff === null ? null : { player: seat(this.angriff.player), after_schwung: this.angriff.afterSchwung },
    };
  }
}

// -- the points of a Gang (the Wertungstabelle), in hundredths of a point

// table.*: [Sieger, Verlierer] per row, Schwingerwertung and Punktewertung
const TABLE = {
  plattwurf_eigener_angriff: { schwingerwertung: [1000, 850], punktewertung: [700, 0] },
  plattwurf_gegnerischer_angriff: { schwingerwertung: [1000, 875], punktewertung: [500, 0] },
  sieg_mit_angriff: { schwingerwertung: [975, 875], punktewertung: [300, 0] },
  sieg_ohne_angriff: { schwingerwertung: [975, 850], punktewertung: [200, 0] },
  gestellter: { schwingerwertung: [900, 900], punktewertung: [100, 100] },
};
const GOOD_LOSER_POINT = 100; // table.gut_gekaempft: 1 point under the Punktewertung
const GOOD_LOSER_TRICKS = 3;

function formatPoints(hundredths, system) {
  // Schwingerwertung with two decimals (9.75), Punktewertung whole (7)
  if (system === 'punktewertung') return String(hundredths / 100);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

// The points of P0 and P1 for a finished Gang (scoring.tricks_only: only its result counts).
function gangPoints(result, system, rules) {
  const [win, lose] = TABLE[result.outcome][system];
  if (result.winner === null) return [win, win]; // table.gestellter
  const winner = Number(result.winner[1]);
  let loserPoints = lose;
  // table.gut_gekaempft (AMB-GUT-GEKAEMPFT-PLATTWURF: after a Plattwurf too, unless switched off)
  if (system === 'punktewertung' && result.tricks[other(winner)] >= GOOD_LOSER_TRICKS
      && (rules.good_loser_after_plattwurf || result.plattwurf === null)) loserPoints = GOOD_LOSER_POINT;
  const points = [loserPoints, loserPoints];
  points[winner] = win;
  return points;
}

// -- a match of 4 or 6 Gänge

class Match {
  constructor(system, length, younger, rules) {
    Object.assign(this, { system, length, younger, rules });
    this.gaenge = []; // {starter, result, points}
  }

  totals() {
    const t = [0, 0];
    for (const g of this.gaenge) { t[0] += g.points[0]; t[1] += g.points[1]; }
    return t; // match.record_points
  }

  nextStarter() {
    if (this.gaenge.length === 0) return this.younger; // match.first_starter
    const last = this.gaenge[this.gaenge.length - 1];
    if (last.result.winner !== null) return other(Number(last.result.winner[1])); // match.loser_starts
    const [t0, t1] = this.totals();
    if (t0 !== t1) return t0 < t1 ? 0 : 1; // match.draw_starter: fewer points
    // AMB-DRAW-TIE-STARTER: equal points after a Gestellter
    if (this.rules.draw_tie_starter === 'younger') return this.younger;
    return this.rules.draw_tie_starter === 'drawn_gang_starter' ? last.starter : other(last.starter);
  }

  result() {
    const t = this.totals();
    // match.winner: the most points; equal totals: nobody
    return { totals: t, winner: t[0] === t[1] ? null : t[0] > t[1] ? 0 : 1 };
  }
}

// -- a Schwingfest: Schwinger 0..n-1, youngest first; each pair meets twice

class Fest {
  constructor(players, sets, system, rules) {
    Object.assign(this, { players, sets, system, rules });
    this.fought = []; // {a, b, starter, result, points}
  }

  schedule() {
    // fest.twice_each: every pair twice; fest.parallel: a round holds disjoint pairs, one per card set
    const todo = [];
    for (const leg of [1, 2]) {
      for (let a = 0; a < this.players; a++) for (let b = a + 1; b < this.players; b++) todo.push({ a, b, leg });
    }
    const rounds = [];
    const firstRound = new Map();
    while (todo.length > 0) {
      const busy = new Set();
      const round = [];
      for (let i = 0; i < todo.length && round.length < this.sets; i++) {
        const m = todo[i];
        const key = `${m.a}-${m.b}`;
        if (busy.has(m.a) || busy.has(m.b)) continue;
        if (m.leg === 2 && !(firstRound.has(key) && firstRound.get(key) < rounds.length)) continue;
        busy.add(m.a); busy.add(m.b);
        round.push(m);
        if (m.leg === 1) firstRound.set(key, rounds.length);
        todo.splice(i--, 1);
      }
      rounds.push(round.map((m) => [m.a, m.b]));
    }
    return rounds;
  }

  starter(a, b) {
    // AMB-FEST-STARTER; match.first_starter: the younger of the pair starts their first meeting
    const before = this.fought.filter((g) => g.a === a && g.b === b);
    if (before.length === 0 || this.rules.fest_starter === 'younger') return a;
    if (this.rules.fest_starter === 'alternate') return b;
    const w = before[0].result.winner; // match.loser_starts
    // match.draw_starter: after a drawn first meeting the pair's points are equal, draw_tie_starter decides
    if (w === null) return this.rules.draw_tie_starter === 'drawn_gang_other' ? b : a;
    return w === 'P0' ? b : a;
  }

  standings() {
    const n = this.players;
    const points = new Array(n).fill(0);
    const won = new Array(n).fill(0);
    const platt = new Array(n).fill(0);
    for (const g of this.fought) {
      points[g.a] += g.points[0];
      points[g.b] += g.points[1];
      if (g.result.winner !== null) {
        const w = g.result.winner === 'P0' ? g.a : g.b;
        won[w] += 1;
        if (g.result.plattwurf !== null) platt[w] += 1;
      }
    }
    // AMB-FEST-TIES: equal points share a rank, or Gänge won then Plattwürfe tell them apart
    const key = (s) => (this.rules.fest_tiebreak === 'wins_then_plattwuerfe' ? [points[s], won[s], platt[s]] : [points[s]]);
    const greater = (x, y) => { for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i]; return false; };
    const out = [];
    for (let s = 0; s < n; s++) {
      let rank = 1;
      for (let t = 0; t < n; t++) if (greater(key(t), key(s))) rank += 1;
      out.push({ schwinger: s, points: formatPoints(points[s], this.system), rank });
    }
    return out;
  }
}

// -- the protocol

// The pieces serve() may be given in place of this file's own: the name it answers hello
// with, the Gang class and the points of a finished Gang.
let variant = { name: NAME, Gang, gangPoints };

let gang = null;

let match = null;
let fest = null;
let owner = null; // 'match' or 'fest': the next Gang started belongs to it
let pair = null;

function parseRules(rules, base = DEFAULT_RULES) {
  const out = { ...base };
  for (const [name, value] of Object.entries(rules || {})) {
    if (!(name in DEFAULT_RULES)) return null;
    const ok = name in SWITCH_VALUES ? SWITCH_VALUES[name].includes(value) : typeof value === 'boolean';
    if (!ok) return null;
    out[name] = value;
  }
  return out;
}

const MAX_PLAYERS = 256; // the most Schwinger a Schwingfest is scheduled for, as in the reference
const UNSUPPORTED = { ok: false, error: 'unsupported', message: 'unknown rules switch or value' };

function checkSystem(system) {
  if (system !== 'schwingerwertung' && system !== 'punktewertung') throw new BadRequest('unknown scoring system');
  return system;
}

// The finished Gang started for the match or the fest, once, with its points.
function takeFinished(system, rules) {
  if (owner === null || gang === null || gang.phase !== 'over') return null;
  const result = gang.result();
  const taken = { starter: gang.starter, result, points: variant.gangPoints(result, system, rules), owner };
  owner = null;
  return taken;
}

function recordMatchGang() {
  if (match === null) throw new BadRequest('no match started');
  const g = takeFinished(match.system, match.rules);
  if (g !== null && g.owner === 'match') match.gaenge.push(g);
}

function recordFestGang() {
  if (fest === null) throw new BadRequest('no Schwingfest started');
  const g = takeFinished(fest.system, fest.rules);
  if (g !== null && g.owner === 'fest') fest.fought.push({ a: pair[0], b: pair[1], ...g });
}

function handle(request) {
  if (request === null || typeof request !== 'object') throw new BadRequest('a request is a JSON object');
  switch (request.cmd) {
    case 'hello':
      return { ok: true, name: variant.name, version: VERSION, protocol: PROTOCOL, levels: LEVELS, switches: Object.keys(DEFAULT_RULES) };
    case 'start': {
      const rules = parseRules(request.rules);
      if (rules === null) return UNSUPPORTED;
      checkDeal(request.deal);
      if (request.starter !== 'P0' && request.starter !== 'P1') throw new BadRequest('starter must be P0 or P1');
      gang = new variant.Gang(request.deal, Number(request.starter[1]), rules);
      return { ok: true };
    }
    case 'legal':
      return { ok: true, actions: requireGang().legal() };
    case 'apply':
      try {
        requireGang().apply(request.action);
        return { ok: true };
      } catch (e) {
        if (e instanceof Illegal) return { ok: false, error: 'illegal', clause: e.clause, message: e.message };
        throw e;
      }
    case 'state':
      return requireGang().state();
    case 'result':
      if (requireGang().phase !== 'over') return { ok: false, error: 'not_over', message: 'the Gang is not over' };
      return gang.result();
    case 'points': {
      if (requireGang().phase !== 'over') return { ok: false, error: 'not_over', message: 'the Gang is not over' };
      const rules = parseRules(request.rules, gang.rules);
      if (rules === null) return UNSUPPORTED;
      const system = checkSystem(request.system);
      return { ok: true, points: variant.gangPoints(gang.result(), system, rules).map((p) => formatPoints(p, system)) };
    }
    case 'match_start': {
      const rules = parseRules(request.rules);
      if (rules === null) return UNSUPPORTED;
      if (request.length !== 4 && request.length !== 6) throw new BadRequest('length must be 4 or 6');
      if (request.younger !== 'P0' && request.younger !== 'P1') throw new BadRequest('younger must be P0 or P1');
      match = new Match(checkSystem(request.system), request.length, Number(request.younger[1]), rules);
      owner = null;
      return { ok: true };
    }
    case 'match_next':
      recordMatchGang();
      if (match.gaenge.length >= match.length) throw new BadRequest('the match is over'); // match.end
      owner = 'match';
      return { ok: true, gang: match.gaenge.length + 1, starter: seat(match.nextStarter()) };
    case 'match_result': {
      recordMatchGang();
      if (match.gaenge.length < match.length) return { ok: false, error: 'not_over', message: 'the match is not over' };
      const r = match.result();
      return { ok: true, totals: r.totals.map((t) => formatPoints(t, match.system)), winner: seat(r.winner) };
    }
    case 'fest_start': {
      const rules = parseRules(request.rules);
      if (rules === null) return UNSUPPORTED;
      const { players, sets = 1 } = request;
      if (!Number.isInteger(players) || players < 3 || players > MAX_PLAYERS || !Number.isInteger(sets) || sets < 1) {
        throw new BadRequest(`players must be 3 (fest.more_players) to ${MAX_PLAYERS}, sets 1 or more`);
      }
      fest = new Fest(players, sets, checkSystem(request.system), rules);
      owner = null;
      return { ok: true };
    }
    case 'fest_schedule':
      recordFestGang();
      return { ok: true, rounds: fest.schedule() };
    case 'fest_meeting': {
      recordFestGang();
      const [a, b] = Array.isArray(request.pair) ? request.pair : [];
      if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 0 && a < b && b < fest.players)) throw new BadRequest('pair must be [a, b], a < b');
      owner = 'fest';
      pair = [a, b];
      return { ok: true, starter: fest.starter(a, b) };
    }
    case 'fest_result':
      recordFestGang();
      return { ok: true, standings: fest.standings() };
    case 'bye':
      return { ok: true };
    default:
      throw new BadRequest(`unknown cmd ${JSON.stringify(request.cmd)}`);
  }
}

function requireGang() {
  if (gang === null) throw new BadRequest('no Gang started');
  return gang;
}

// Answer the requests of standard input, one JSON line each, until bye or the end of input.
function serve(options = {}) {
  variant = { ...variant, ...options };
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', (line) => {
    if (line.trim() === '') return;
    let reply;
    let request = null;
    try {
      request = JSON.parse(line);
      reply = handle(request);
    } catch (e) {
      reply = e instanceof BadRequest || e instanceof SyntaxError
        ? { ok: false, error: 'bad_request', message: e.message }
        : { ok: false, error: 'internal', message: String(e && e.stack) };
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
    if (request !== null && typeof request === 'object' && request.cmd === 'bye') input.close();
  });
}

module.exports = { Gang, gangPoints, serve };

if (require.main === module) serve();
