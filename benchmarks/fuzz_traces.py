"""Long-run fuzzer of the verifier: mutates the shipped trace vectors with many operators, in several processes, and prints traces tried, crashes, hangs and traces/s.

A crash is any exception out of ``verify_trace_text`` or ``verify_trace`` (both are
documented never to raise) or a verdict that is not a ``Verdict`` whose JSON cannot be
encoded as UTF-8; a hang is a mutant that takes longer than ``--hang`` seconds (the worker
is interrupted by an alarm and the mutant saved). Each crash and hang is written to
``--out`` as the mutant's bytes, with the operator and the error, so it replays with
``verify_trace_text``. Run::

    .venv/bin/python benchmarks/fuzz_traces.py --mutants 1000000 --processes 2 --out /tmp/fuzz

The operators (``OPERATORS``) change the parsed document (type swaps, whole floats,
huge and negative numbers, lone surrogates, deep nesting, deleted, duplicated or
swapped fields and items, cards and actions replaced, values moved between traces) or
its text (truncation, byte flips, inserted and deleted bytes, a BOM, UTF-16, duplicate
keys, a number written with an exponent); a mutant gets one to three of them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from schwinget_spec.conformance.trace.verify import Verdict, verify_trace, verify_trace_text
from schwinget_spec.conformance.vectors.suite import load_vectors

CARDS = [f"{c}{v}" for c in "RGBY" for v in range(1, 7)] + ["KR", "BK"]
ACTIONS = [*CARDS, "A", "L0", "L1"]

Doc = Any


class _HangError(Exception):
    pass


def _walk(doc: Doc, rng: random.Random) -> tuple[Any, ...]:
    # A random path from the root: at each array or object go on into a random member,
    # or stop there (more often the deeper it is).
    path: tuple[Any, ...] = ()
    node = doc
    while isinstance(node, dict | list) and node and (not path or rng.random() < 0.92):
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path = (*path, key)
        node = node[key]
    return path


def _pick(doc: Doc, rng: random.Random, wanted: Callable[[Any], bool] = lambda _v: True, *, root: bool = False) -> (
    tuple[Any, ...] | None
):
    for _ in range(40):
        path = _walk(doc, rng)
        if (path or root) and wanted(_get(doc, path)):
            return path
    return None


def _get(doc: Doc, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Doc, path: tuple[Any, ...], value: Any) -> Doc:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _random_value(rng: random.Random) -> Any:
    return rng.choice([
        None, True, False, 0, 1, -1, 2, 3, 7, 63, 64, 2**63, 2**64, 2**64 - 1, -(2**64), 10**40, "", "P0", "P1", "G3",
        "KR", "A", "L1", "schwingerwertung", "punktewertung", "9.75", "\ud800", "x" * 300, [], {}, [None], {"": None},
        [0, 1], ["G1"] * 12, 3.0, 0.5, -0.0,
    ])


# -- document operators: each takes (document, rng, donors) and returns the mutated document


def _is_int(value: Any) -> bool:
    return type(value) is int


def op_type_swap(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    return _set(doc, _pick(doc, rng, root=True) or (), _random_value(rng))


def op_whole_float(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, _is_int)
    if path is None:
        return op_type_swap(doc, rng, _donors)
    return _set(doc, path, float(_get(doc, path)) * rng.choice([1, -1]))


def op_huge_number(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, _is_int) or _pick(doc, rng, root=True) or ()
    return _set(doc, path, rng.choice([2**64, 2**64 - 1, -1, -(2**63), 10**300, 2**31, 4096, 65]))


def op_surrogate(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, lambda v: isinstance(v, str)) or _pick(doc, rng, root=True) or ()
    old = _get(doc, path)
    text = old if isinstance(old, str) else ""
    cut = rng.randrange(len(text) + 1)
    return _set(doc, path, text[:cut] + rng.choice(["\ud800", "\udfff", "\ufeff", "\x00", "é", "\U0001f600"]) + text[cut:])


def op_deep_nesting(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    deep: Any = rng.choice([[], {}, 1])
    for _ in range(rng.choice([10, 60, 200, 400])):
        deep = [deep] if rng.random() < 0.5 else {"a": deep}
    return _set(doc, _pick(doc, rng, root=True) or (), deep)


def op_delete_field(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng)
    if path is None:
        return doc
    parent = _get(doc, path[:-1])
    del parent[path[-1]]
    return doc


def op_duplicate_item(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, lambda v: isinstance(v, list) and bool(v), root=True)
    if path is None:
        return op_type_swap(doc, rng, _donors)
    items = _get(doc, path)
    i = rng.randrange(len(items))
    items.insert(rng.randrange(len(items) + 1), json.loads(json.dumps(items[i])))
    return doc


def op_swap_items(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, lambda v: isinstance(v, list) and len(v) > 1, root=True)
    if path is None:
        return op_type_swap(doc, rng, _donors)
    items = _get(doc, path)
    i, j = rng.sample(range(len(items)), 2)
    items[i], items[j] = items[j], items[i]
    return doc


def op_truncate_list(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, lambda v: isinstance(v, list) and bool(v), root=True)
    if path is None:
        return op_type_swap(doc, rng, _donors)
    items = _get(doc, path)
    del items[rng.randrange(len(items)) :]
    return doc


def op_card(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, lambda v: isinstance(v, str) and v in ACTIONS)
    if path is None:
        return op_type_swap(doc, rng, _donors)
    return _set(doc, path, rng.choice([*ACTIONS, "g3", "G7", "R0", "KR ", "L2"]))


def op_extra_field(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    path = _pick(doc, rng, lambda v: isinstance(v, dict), root=True)
    if path is None:
        return op_type_swap(doc, rng, _donors)
    target = _get(doc, path)
    target[rng.choice(["seed", "seats", "sets", "winner", "ranks", "claims", "extra", "id", "points", "steps"])] = (
        _random_value(rng)
    )
    return doc


def op_donor(doc: Doc, rng: random.Random, donors: list[Doc]) -> Doc:
    donor = rng.choice(donors)
    source = _walk(donor, rng)
    same = _pick(doc, rng, root=False)
    for _ in range(40):
        candidate = _pick(doc, rng)
        if candidate and source and candidate[-1] == source[-1]:
            same = candidate
            break
    return _set(doc, same or (), json.loads(json.dumps(_get(donor, source))))


def op_kind(doc: Doc, rng: random.Random, _donors: list[Doc]) -> Doc:
    if isinstance(doc, dict):
        doc["kind"] = rng.choice(["gang", "match", "schwingfest"])
        if rng.random() < 0.5:
            doc.setdefault("players", ["a", "b", "c"])
    return doc


DOC_OPERATORS: dict[str, Callable[[Doc, random.Random, list[Doc]], Doc]] = {
    "type_swap": op_type_swap,
    "whole_float": op_whole_float,
    "huge_number": op_huge_number,
    "surrogate": op_surrogate,
    "deep_nesting": op_deep_nesting,
    "delete_field": op_delete_field,
    "duplicate_item": op_duplicate_item,
    "swap_items": op_swap_items,
    "truncate_list": op_truncate_list,
    "card": op_card,
    "extra_field": op_extra_field,
    "donor": op_donor,
    "kind": op_kind,
}

# -- text operators: each takes (bytes, rng) and returns bytes


def tx_truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def tx_flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]


def tx_insert(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    piece = rng.choice([b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"\\ud800", b"\xed\xa0\x80", b"\xff", b"1e400",
                        b"-0", b"NaN", b"Infinity", b" ", b"\x00", bytes([rng.randrange(256)])])
    return data[:i] + piece + data[i:]


def tx_delete(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + data[i + rng.randrange(1, 8) :]


def tx_bom(data: bytes, rng: random.Random) -> bytes:
    return rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"]) + data


def tx_utf16(data: bytes, rng: random.Random) -> bytes:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    return text.encode(rng.choice(["utf-16", "utf-16-le", "utf-32", "utf-8-sig"]), "surrogatepass")


def tx_duplicate_key(data: bytes, rng: random.Random) -> bytes:
    keys = [b'"kind":', b'"format":', b'"starter":', b'"actions":', b'"seed":', b'"seats":', b'"winner":', b'"length":']
    key = rng.choice(keys)
    i = data.find(key)
    if i < 0:
        return data
    return data[:i] + key + rng.choice([b' "gang",', b" 1,", b" null,", b" [],"]) + data[i:]


def tx_exponent(data: bytes, rng: random.Random) -> bytes:
    digits = [i for i in range(len(data)) if 48 <= data[i] <= 57 and (i + 1 == len(data) or not 48 <= data[i + 1] <= 57)]
    if not digits:
        return data
    i = rng.choice(digits) + 1
    return data[:i] + rng.choice([b".0", b"E+0", b"e0", b".5", b"0000000000000000000000"]) + data[i:]


def tx_deep(data: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([100, 5_000, 100_000])
    i = rng.randrange(len(data) + 1)
    opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
    return data[:i] + opener * depth + b"1" + closer * depth * rng.choice([0, 1]) + data[i:]


def tx_duplicate_chunk(data: bytes, rng: random.Random) -> bytes:
    if len(data) < 2:
        return data
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randrange(1, 200))
    return data[:j] + data[i:j] + data[j:]


TEXT_OPERATORS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "truncate": tx_truncate,
    "byte_flip": tx_flip,
    "insert": tx_insert,
    "delete_bytes": tx_delete,
    "bom": tx_bom,
    "utf16": tx_utf16,
    "duplicate_key": tx_duplicate_key,
    "exponent": tx_exponent,
    "duplicate_chunk": tx_duplicate_chunk,
    "deep_text": tx_deep,
}

OPERATORS = (*DOC_OPERATORS, *TEXT_OPERATORS)
"""Every operator's name."""


def mutate(base: str, rng: random.Random, donors: list[Doc]) -> tuple[bytes | str | Doc, list[str], str]:
    """One mutant of the trace text ``base``: the input (bytes, str, or a document for ``verify_trace``), the operators, the entry point."""
    names: list[str] = []
    doc: Doc = json.loads(base)
    for _ in range(rng.choice([1, 1, 2, 3])):
        name = rng.choice(list(DOC_OPERATORS))
        doc = DOC_OPERATORS[name](doc, rng, donors)
        names.append(name)
    entry = rng.choice(["text", "bytes", "document"])
    if entry == "document" and rng.random() < 0.7:
        return doc, names, entry
    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.5:
        name = rng.choice(list(TEXT_OPERATORS))
        data = TEXT_OPERATORS[name](data, rng)
        names.append(name)
    if entry == "text":
        return data.decode("utf-8", "surrogateescape"), names, "text"
    return data, names, "bytes"


def _alarm(_signum: int, _frame: Any) -> None:
    raise _HangError


def _check(verdict: Any) -> None:
    if not isinstance(verdict, Verdict):
        raise TypeError(f"the verifier returned {verdict!r}, not a Verdict")
    json.dumps(verdict.to_json(), ensure_ascii=False).encode("utf-8")
    hash(verdict)


def _save(out: Path, label: str, data: Any, names: list[str], *, entry: str, error: str) -> None:
    index = sum(1 for _ in out.glob("*.trace")) if out.exists() else 0
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"{label}-{os.getpid()}-{index}"
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass") if isinstance(data, str) else (
        json.dumps(data, ensure_ascii=True, default=repr).encode()
    )
    stem.with_suffix(".trace").write_bytes(raw)
    stem.with_suffix(".txt").write_text(f"entry: {entry}\noperators: {', '.join(names)}\n{error}\n", encoding="utf-8")


_TEXTS: list[str] = []


def _start_worker(texts: list[str]) -> None:
    _TEXTS[:] = texts


def exact_verdict(data: Any, entry: str) -> Verdict:
    """The verdict of the verifier's exact path alone (the reading rules, the full schema, the replay), without its quick path."""
    from schwinget_spec.conformance.trace.text import TraceTextError, json_value_problem, parse_trace_text  # noqa: PLC0415
    from schwinget_spec.conformance.trace.verify import _judge_value, _unread  # noqa: PLC0415

    if entry == "document":
        problem = json_value_problem(data)
        return _unread(problem) if problem is not None else _judge_value(data)
    try:
        document = parse_trace_text(data)
    except TraceTextError as exc:
        return _unread(exc)
    return _judge_value(document)


def worker(job: tuple[int, int, float, str, bool]) -> dict[str, Any]:
    """Run ``count`` mutants from ``seed`` on the traces the pool was started with; return the counts (tried, crashes, hangs, differing verdicts, by operator, by verdict)."""
    seed, count, hang, out_dir, exact = job
    out = Path(out_dir)
    rng = random.Random(seed)
    texts = _TEXTS or [json.dumps(v.input) for v in load_vectors().vectors if v.kind == "trace"]
    donors = [json.loads(t) for t in texts]
    signal.signal(signal.SIGALRM, _alarm)
    crashes = hangs = differ = 0
    verdicts: Counter[str] = Counter()
    operators: Counter[str] = Counter()
    slowest = 0.0
    start = time.perf_counter()
    for _ in range(count):
        data, names, entry = mutate(rng.choice(texts), rng, donors)
        operators.update(names)
        began = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, hang)
        try:
            verdict = verify_trace(data) if entry == "document" else verify_trace_text(data)
            _check(verdict)
            verdicts[verdict.kind.value] += 1
            if exact and verdict != exact_verdict(data, entry):
                differ += 1
                _save(out, "differ", data, names, entry=entry, error=f"quick path: {verdict}\nexact path: {exact_verdict(data, entry)}")
        except _HangError:
            hangs += 1
            _save(out, "hang", data, names, entry=entry, error=f"longer than {hang} s")
        except Exception:  # every exception out of the verifier is a crash to report
            crashes += 1
            _save(out, "crash", data, names, entry=entry, error=traceback.format_exc())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        slowest = max(slowest, time.perf_counter() - began)
    return {
        "tried": count, "crashes": crashes, "hangs": hangs, "differ": differ, "seconds": time.perf_counter() - start,
        "verdicts": dict(verdicts), "operators": dict(operators), "slowest": slowest,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mutants", type=int, default=100_000, help="mutants in all (default 100000)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    parser.add_argument("--chunk", type=int, default=5_000, help="mutants per job (default 5000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first job (default 1)")
    parser.add_argument("--hang", type=float, default=10.0, help="seconds after which a mutant counts as a hang (default 10)")
    parser.add_argument("--out", default="fuzz-findings", help="directory for crashing and hanging mutants")
    parser.add_argument(
        "--exact", action="store_true",
        help="also judge each mutant by the verifier's exact path alone and count the mutants whose verdicts differ "
        "(the quick path must never change one); about twice as slow",
    )
    args = parser.parse_args()
    jobs: list[tuple[int, int, float, str, bool]] = []
    left = args.mutants
    while left > 0:
        jobs.append((args.seed + len(jobs), min(args.chunk, left), args.hang, args.out, args.exact))
        left -= args.chunk
    totals: Counter[str] = Counter()
    verdicts: Counter[str] = Counter()
    operators: Counter[str] = Counter()
    slowest = 0.0
    start = time.perf_counter()
    # The vectors are read once, here: every worker mutates the same traces.
    texts = [json.dumps(v.input) for v in load_vectors().vectors if v.kind == "trace"]
    print(f"{len(texts)} trace vectors, {args.mutants:,} mutants in jobs of {args.chunk:,}, {args.processes} processes", flush=True)
    with multiprocessing.Pool(args.processes, initializer=_start_worker, initargs=(texts,)) as pool:
        for result in pool.imap_unordered(worker, jobs):
            totals.update({k: result[k] for k in ("tried", "crashes", "hangs", "differ")})
            verdicts.update(result["verdicts"])
            operators.update(result["operators"])
            slowest = max(slowest, result["slowest"])
            elapsed = time.perf_counter() - start
            print(
                f"tried {totals['tried']:>9,}  crashes {totals['crashes']}  hangs {totals['hangs']}  "
                + (f"differing verdicts {totals['differ']}  " if args.exact else "")
                + f"{totals['tried'] / elapsed:,.0f} traces/s",
                flush=True,
            )
    elapsed = time.perf_counter() - start
    print(f"Python {sys.version.split()[0]}, {args.processes} processes, {elapsed:,.0f} s, load at the end {os.getloadavg()}")
    print(f"traces tried {totals['tried']:,}; crashes {totals['crashes']}; hangs {totals['hangs']}; "
          f"{totals['tried'] / elapsed:,.0f} traces/s; slowest mutant {slowest:.2f} s"
          + (f"; verdicts differing from the exact path's {totals['differ']}" if args.exact else ""))
    print("verdicts: " + ", ".join(f"{k} {v:,}" for k, v in verdicts.most_common()))
    print("operators: " + ", ".join(f"{k} {v:,}" for k, v in sorted(operators.items())))
    if totals["crashes"] or totals["hangs"] or totals["differ"]:
        print(f"findings in {args.out}/")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
