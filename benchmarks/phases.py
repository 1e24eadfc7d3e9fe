"""Where a `check` of some files spends its time, phase by phase, in one process (issue 16).

    python benchmarks/phases.py FILE_OR_DIR ... [--repeat 3] [--profile 25]

The migration workload of benchmarks/scale.py and the README is four copies of jax 0.8.0's
tests/shard_map_test.py, e.g. `git -C <jax checkout> show jax-v0.8.0:tests/shard_map_test.py`
written to /tmp/mig/smt1.py .. smt4.py.

Prints CPU milliseconds (process time, the best of `--repeat` passes over the files, so a busy
machine inflates them less) for: the imports a check needs (once, first), Python's parse, the
module's shared node list and parent map, the rules' filter, each rule's `check` (the first rule
that asks for a shared analysis pays for it: SF101 carries the axis-state analysis of
SF101-SF107, whose parts are listed below it), the guard regions and the release of the file's
caches. The same code as `shardfix check --jobs 1`, without the command line and the report.

A regression shows as one phase growing out of line with the others (a walk of the whole module
per shard_map use or per function, a cache no longer shared, a reference cycle that leaves
the collector work); `--profile N` then names the functions, with their call counts, that spend
the most of the rules' time (a call count near uses x functions is the quadratic walk). These
are not timed assertions: read the ratios, not the milliseconds, on a shared machine.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

_START = time.process_time()
import codemods.cli_fast  # noqa: E402,F401  (what a plain `check` imports before it reads a file: no typer)
import codemods.cli_run  # noqa: E402,F401
import codemods.invocation  # noqa: E402,F401
from codemods.rules import all_rules  # noqa: E402

all_rules()
IMPORTS = time.process_time() - _START

from codemods import engine  # noqa: E402
from codemods.analysis import interpreter, references  # noqa: E402
from codemods.analysis.nodes import module_nodes  # noqa: E402
from codemods.release import release_context  # noqa: E402

# The parts of the axis-state analysis (names `analyse_module` looks up in its module), timed
# where they are called; a name a later version drops is skipped.
_PARTS = ("ModuleScope", "find_shard_maps", "analyse_each", "context_verdicts", "repeated_verdicts", "loop_verdicts")


def _timed(totals: dict[str, float], label: str, function):
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            totals[label] += time.process_time() - start
    return wrapper


def one_pass(paths: list[Path], profiler: cProfile.Profile | None) -> dict[str, float]:
    totals: dict[str, float] = defaultdict(float)
    saved = {name: getattr(interpreter, name) for name in _PARTS if hasattr(interpreter, name)}
    for name, function in saved.items():
        setattr(interpreter, name, _timed(totals, f"  SF101 of which {name}", function))
    options = engine.Options(file_timeout=None)
    try:
        for path in paths:
            source = path.read_text()
            gc.disable()  # as the engine does while it checks a file
            try:
                mark = time.process_time()
                tree, error = engine.parse_python(source)
                totals["parse"] += time.process_time() - mark
                if error:
                    continue
                mark = time.process_time()
                module_nodes(tree)
                totals["node list and parents"] += time.process_time() - mark
                mark = time.process_time()
                references.referenced_names(tree)
                rules = engine._relevant_rules(source, tree, options)
                totals["rules' filter"] += time.process_time() - mark
                if not rules:
                    continue
                for rule in rules:
                    check = rule.check

                    def timed_check(ctx, check=check, code=rule.code):
                        mark = time.process_time()
                        if profiler is not None:
                            profiler.enable()
                        try:
                            return list(check(ctx))
                        finally:
                            if profiler is not None:
                                profiler.disable()
                            totals[code] += time.process_time() - mark
                    rule.check = timed_check
                try:
                    mark = time.process_time()
                    ctx, _ = engine._check(source, str(path), options, tree, rules)
                    totals["rules, guards and sorting"] += time.process_time() - mark
                finally:
                    for rule in rules:
                        del rule.check
                mark = time.process_time()
                release_context(ctx)
                del ctx, tree
                totals["release"] += time.process_time() - mark
            finally:
                gc.enable()
            mark = time.process_time()
            gc.collect()
            totals["collector"] += time.process_time() - mark
    finally:
        for name, function in saved.items():
            setattr(interpreter, name, function)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also print the N functions spending the most of the rules' time")
    args = parser.parse_args()
    paths = sorted(p for root in args.paths for p in ([root] if root.is_file() else root.rglob("*.py")))
    best: dict[str, float] = {}
    for _ in range(max(1, args.repeat)):
        for label, seconds in one_pass(paths, None).items():
            best[label] = min(best.get(label, seconds), seconds)
    lines = sum(p.read_text().count("\n") for p in paths)
    print(f"{len(paths)} files, {lines} lines; CPU ms, best of {max(1, args.repeat)}")
    print(f"{'imports (once)':40} {IMPORTS * 1000:8.0f}")
    order = ["parse", "node list and parents", "rules' filter"]
    rules = sorted(label for label in best if label.startswith("SF") and " " not in label)
    for label in order + rules:
        if label in best:
            print(f"{label:40} {best[label] * 1000:8.0f}")
        if label == "SF101":
            for part in sorted(k for k in best if k.startswith("  SF101 of which")):
                print(f"{part:40} {best[part] * 1000:8.0f}")
    checked = best.get("rules, guards and sorting", 0.0) - sum(best[label] for label in rules)
    print(f"{'guards, suppressions, sorting':40} {max(checked, 0.0) * 1000:8.0f}")
    for label in ("release", "collector"):
        print(f"{label:40} {best.get(label, 0.0) * 1000:8.0f}")
    per_file = sum(best[label] for label in order + ["rules, guards and sorting", "release", "collector"] if label in best)
    print(f"{'total (without imports)':40} {per_file * 1000:8.0f}")
    if args.profile:
        profiler = cProfile.Profile()
        one_pass(paths, profiler)
        stats = pstats.Stats(profiler)
        for key in ("tottime", "cumulative"):
            print(f"\nthe rules' {args.profile} most costly functions by {key} (under the profiler: slower):")
            stats.sort_stats(key).print_stats(args.profile)


if __name__ == "__main__":
    main()
