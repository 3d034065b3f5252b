#!/usr/bin/env node
// schwinget.js with ONE injected bug, to show what the conformance harness reports: the
// Kampfrichter still acts on the very last Schwung of a Gang (the booklet: "Beim
// allerletzten Schwung in einem Gang hat der Kampfrichter keinen Effekt", clause
// kampfrichter.last_schwung). Everything else is schwinget.js itself, required; this file
// replaces the one method the bug lives in. Search for "THE INJECTED BUG".
//
//   schwinget conformance run -- node examples/js/schwinget_buggy.js

'use strict';

const engine = require('./schwinget.js');

class BuggyGang extends engine.Gang {
  kampfrichterActs() {
    // THE INJECTED BUG: the check of kampfrichter.last_schwung is missing, so the
    // Kampfrichter neutralises the very last Schwung too and the Gang never ends.
    return true;
  }
}

engine.serve({ name: 'schwinget-js-buggy', Gang: BuggyGang });
