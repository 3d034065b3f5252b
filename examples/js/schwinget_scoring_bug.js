#!/usr/bin/env node
// schwinget.js with ONE injected bug in the points, to show that the harness judges the
// scoring level too: the good loser's point is never given after a Plattwurf, although
// the booklet gives it to a loser with 3 tricks or more whatever the result ("Hat der
// Verlierer insgesamt 3 Stiche oder mehr erzielt, erhält er 1 Punkt", clause
// table.gut_gekaempft; AMB-GUT-GEKAEMPFT-PLATTWURF). The Gang is played right: everything
// else is schwinget.js itself, required; this file replaces the points of a finished Gang.
// Search for "THE INJECTED BUG".
//
//   schwinget conformance run -- node examples/js/schwinget_scoring_bug.js

'use strict';

const engine = require('./schwinget.js');

// THE INJECTED BUG: the switch is ignored, a loser thrown by Plattwurf never scores the point
// (good_loser_after_plattwurf is the only switch gangPoints reads).
const gangPoints = (result, system, rules) => engine.gangPoints(result, system, { ...rules, good_loser_after_plattwurf: false });

engine.serve({ name: 'schwinget-js-scoring-bug', gangPoints });
