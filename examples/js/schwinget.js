#!/usr/bin/env node
// Schwinget, one Gang, in plain JavaScript (Node.js 20, no packages), speaking the
// schwinget conformance harness protocol (docs/harness.md) on stdin/stdout.
//
// Written from the booklet (shared/rules/schwinget.de.txt) as read by
// docs/ambiguities.md; each rule names its clause id (schwinget_spec/clauses.py).
//
//   node examples/js/schwinget.js            # then type JSON lines, one request each
//   schwinget conformance run -- node examples/js/schwinget.js

'use strict';

const readline = require('node:readline');

const NAME = 'schwinget-js';
const VERSION = '1.0.0';
const PROTOCOL = 1;
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

  // The winner of a Schwung (0 or 1), or null when the Kampfrichter neutralises it.
  resolve(leader, led, answer, isLast, wasVoid) {
    const answerer = other(leader);
    if (led === 'KR' || answer === 'KR') {
      this.kampfrichterPlayer = led === 'KR' ? leader : answerer;
      // kampfrichter.last_schwung (and konter.last_trick): no effect on the very last Schwung
      if (isLast) return other(this.kampfrichterPlayer);
      // AMB-KONTER-VS-KR: under konter_loses_to_kampfrichter the Konter loses (konter.loses)
      const otherCard = led === 'KR' ? answer : led;
      if (otherCard === 'BK' && this.rules.konter_loses_to_kampfrichter) return this.kampfrichterPlayer;
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

// -- the protocol

let gang = null;

function parseRules(rules) {
  const out = { ...DEFAULT_RULES };
  for (const [name, value] of Object.entries(rules || {})) {
    if (!(name in DEFAULT_RULES) || typeof value !== 'boolean') {
      return null;
    }
    out[name] = value;
  }
  return out;
}

function handle(request) {
  if (request === null || typeof request !== 'object') throw new BadRequest('a request is a JSON object');
  switch (request.cmd) {
    case 'hello':
      return { ok: true, name: NAME, version: VERSION, protocol: PROTOCOL, switches: Object.keys(DEFAULT_RULES) };
    case 'start': {
      const rules = parseRules(request.rules);
      if (rules === null) return { ok: false, error: 'unsupported', message: 'unknown rules switch or value' };
      checkDeal(request.deal);
      if (request.starter !== 'P0' && request.starter !== 'P1') throw new BadRequest('starter must be P0 or P1');
      gang = new Gang(request.deal, Number(request.starter[1]), rules);
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
