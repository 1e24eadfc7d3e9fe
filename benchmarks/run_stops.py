"""Where each file's script run stops before it meets a bug, and which part of the analysis
stopped it (issue 13).

    python benchmarks/run_stops.py FILE_OR_DIR ... [--files]

Recall on a new style collapses when one construct of a pasted framework section stops the
script run (state_runs.py, script_stops.py) of every program: a run that meets something it does
not model gives up (Bail, or an error of the analysis) and reports nothing. This names, per file,
whether a state finding (SF101-SF106) was reported and where the first run that gave up did so:
the analysis function that gave up and the program line the run was executing. The totals group
the files by that analysis function, so one line says which construct to teach the analysis.

A development aid, not a test: it wraps two functions of the analysis for the length of the
process, the same code as `shardfix check --jobs 1` otherwise. Do not run it on the sets kept
unread (README, "held-out sets"): it points at their constructs.
"""
from __future__ import annotations

import argparse
import collections
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codemods import engine  # noqa: E402
from codemods.analysis import device_counts, script_run  # noqa: E402
from codemods.release import release_context  # noqa: E402
from codemods.rules import all_rules  # noqa: E402

_STATE_CODES = frozenset(f"SF10{i}" for i in range(1, 7))
_first_stop: dict[str, tuple] = {}


def _noting_program_line(statement):
    """The program line a run was executing when it gave up: the innermost statement an
    escaping exception passes through (it is marked there, before outer statements see it)."""
    def wrapper(self, node, env):
        try:
            return statement(self, node, env)
        except BaseException as escaping:
            if not hasattr(escaping, "_program_line"):
                try:
                    escaping._program_line = node.lineno
                except AttributeError:  # (exceptions with __slots__)
                    pass
            raise
    return wrapper


def _noting_outcome(outcome):
    """Every run ends in `device_counts.outcome`; the first that gave up in a file is kept."""
    def wrapper(run, stop, early, escaped):
        if escaped is not None and "stop" not in _first_stop:
            frames = [frame for frame in traceback.extract_tb(escaped.__traceback__) if "codemods" in Path(frame.filename).parts]
            where = f"{Path(frames[-1].filename).name}:{frames[-1].name}" if frames else "?"
            _first_stop["stop"] = (where, getattr(escaped, "_program_line", None), type(escaped).__name__)
        return outcome(run, stop, early, escaped)
    return wrapper


def _paths(given: list[str]) -> list[Path]:
    found = []
    for name in given:
        path = Path(name)
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--files", action="store_true", help="print one line per file, not only the totals")
    args = parser.parse_args()
    script_run.ScriptRun.statement = _noting_program_line(script_run.ScriptRun.statement)
    device_counts.outcome = _noting_outcome(device_counts.outcome)
    all_rules()
    options = engine.Options(file_timeout=None)
    by_place: collections.Counter = collections.Counter()
    found = 0
    paths = _paths(args.paths)
    for path in paths:
        _first_stop.clear()
        source = path.read_text(encoding="utf-8")
        tree, error = engine.parse_python(source)
        if error:
            print(f"{path}: does not parse", file=sys.stderr)
            continue
        rules = engine._relevant_rules(source, tree, options)
        ctx, findings = engine._check(source, str(path), options, tree, rules) if rules else (None, [])
        codes = sorted({finding.code for finding in findings} & _STATE_CODES)
        found += bool(codes)
        where, line, kind = _first_stop.get("stop", ("-", None, ""))
        by_place[where] += 1
        if args.files:
            print(f"{path}: {','.join(codes) or 'no state finding'}; first run to give up: {where} ({kind}) at line {line}")
        if ctx is not None:
            release_context(ctx)
    print(f"{found} of {len(paths)} files with a state finding; where the first run to give up did so:")
    for where, count in by_place.most_common():
        print(f"{count:6}  {where if where != '-' else '(no run gave up)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
