"""An implementer of Schwinget asks the rules for rare situations and turns each witness into a trace to test another engine with.

Run: ``python examples/ask_implementer.py [DIRECTORY]`` (default: a temporary directory);
it takes a few seconds. Each witness is a Gang the reference engine replayed; it is
written as a trace of kind ``gang`` with the reference's claims after every step, which
``schwinget verify`` (and ``schwinget conformance``'s harness) check an implementation
against. The invariants an implementation must keep come back as proofs with their
clauses.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from schwinget_spec.ask import ask
from schwinget_spec.conformance.trace.verify import verify_trace

RARE = {
    "plattwurf_with_pending_trick": "there is a gang where a plattwurf and some schwung s: pile locked in schwung s and pending before schwung s",
    "kampfrichter_answers_the_last_schwung": "there is a gang where schwuenge = 11 and answered in schwung 11 is KR",
    "konter_takes_a_trump_six": "there is a gang where some schwung s: answered in schwung s is BK and value of led in schwung s is 6 "
                                "and colour of led in schwung s is trump and not P0 wins schwung s and P0 leads schwung s",
    "no_trump_gestellter": "there is a gang where no trump and gestellter",
}
INVARIANTS = (
    "every gang has not pending at the end",
    "every gang has schwuenge at least 5 and schwuenge at most 11",
    "every gang has plattwurf implies angriff",
)


def main(directory: Path) -> None:
    """Write one verified trace per rare situation into ``directory`` and print the invariants' proofs."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, question in RARE.items():
        answer = ask(question)
        assert answer.gang is not None, answer.detail
        trace = answer.gang.trace()
        assert verify_trace(trace).conforms
        path = directory / f"{name}.json"
        path.write_text(json.dumps(trace, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(answer.gang.actions)} actions, conforms")
    for question in INVARIANTS:
        answer = ask(question)
        print(f"{question}: {answer.verdict} ({', '.join(answer.clauses) or 'by definition'})")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(Path(tmp))
