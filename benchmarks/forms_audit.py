"""Run the programs of tests/data/forms on JAX (8 CPU devices) and check their markings.

    python benchmarks/forms_audit.py [--batch N] [--verbose] [--fixed] [--skip-missing] [FORM ...]

tests/test_analysis_forms.py pins the analysis to the lines each form marks (`# SF101`); this
script checks the markings themselves against JAX. Each form is copied to a temp dir unchanged
(line numbers stay) and called through the entry written for it below (a mesh, inputs, the call
the program leaves to its caller). The collectives of jax.lax and top_level_all_gather are
wrapped for the run: a call records the form line that made it, and once a line has failed its
call is repaired on the next run (each input cast to varying on the named axes it does not vary
on; top_level_all_gather becomes jax.reshard), so every marked line is met in turn. shard_map
places its inputs as in_specs asks (Explicit meshes do not reshard them). A marking is confirmed
when its line raises with the words of its rule (codemods/jaxapi.py); after all repairs the
program must run, and a marked line must fail in every context that reaches it. Lines left
unmarked that raise are listed too: the analysis stays silent there by design when the outcome
depends on something it cannot know (the n* forms), and each such case is explained in NOTES. Prints a markdown report; exits 1 on a disagreement.

`--fixed` runs each marked form as shardfix fixes it (unsafe fixes too) once in each of its
contexts, without repairs: it must run. Forms importing equinox (or ml_collections, omegaconf) run when it is importable (e.g.
`pip install --target DIR --no-deps equinox jaxtyping wadler-lindig` (ml_collections absl-py omegaconf) and DIR on PYTHONPATH),
else are "not run". The entries and the hand-read notes are in benchmarks/forms_entries.py.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FORMS = REPO / "tests" / "data" / "forms"
JAX_ENV = {"XLA_FLAGS": "--xla_force_host_platform_device_count=8", "JAX_PLATFORMS": "cpu",
           "JAX_TRACEBACK_FILTERING": "off"}
MARK = re.compile(r"#.*?\b(SF1\d\d(?:\s+SF1\d\d)*)")  # as tests/test_analysis_forms.py reads it

sys.path.insert(0, str(Path(__file__).resolve().parent))
from forms_entries import ENTRIES, LINE_FIXES, NOT_RUN, NOTES
from recall import bug_line


def _rule_words() -> dict[str, tuple[str, ...]]:
    sys.path.insert(0, str(REPO))
    from codemods import jaxapi
    from codemods.rules import _sf104_doc as sf104

    gather = (jaxapi.ERR_GATHER_NOT_VARYING, jaxapi.ERR_GATHER_VARYING_TO_REDUCED)
    return {
        "SF101": gather,
        "SF102": (jaxapi.ERR_GATHER_INPUT_REDUCED,),
        "SF103": (jaxapi.ERR_PVARY_REDUCED, jaxapi.ERR_ONE_STATE, *gather),
        "SF104": ("so that it's a prefix of in_spec", sf104.REPLICATION_ERROR, sf104.MESH_ERROR, sf104.MULTI_DIM_ERROR,
                  sf104.EXTRA_REDUCED_ERROR, "to be unsharded on dimension"),
        "SF105": (jaxapi.ERR_ONE_STATE,),
        "SF106": (jaxapi.ERR_REDUCED_WITH_REPLICATED,),
    }


def markings(source: str) -> tuple[dict[int, list[str]], list[int]]:
    """Marked lines with their codes, and the lines marked `# none`."""
    marked, silent = {}, []
    for number, line in enumerate(source.splitlines(), start=1):
        match = MARK.search(line)
        if match:
            marked[number] = match.group(1).split()
        elif re.search(r"#\s*none\b", line):
            silent.append(number)
    return marked, silent


# --- the child process: runs forms on JAX ----------------------------------------------------

class Harness:
    """Wraps the collectives for one form file: records the form line of each call and repairs
    the calls of lines that failed before."""

    COLLECTIVES = ("psum", "pmean", "pmax", "pmin", "psum_scatter", "all_gather", "ppermute",
                   "all_to_all", "pcast")

    def __init__(self, path: str) -> None:
        self.path = path
        self.repair: set[tuple[int, str]] = set()
        self.accepted: set[int] = set()
        self.failure: tuple[BaseException, int | None, str] | None = None

    def caller_line(self) -> int | None:
        frame = sys._getframe(2)
        while frame is not None and frame.f_code.co_filename != self.path:
            frame = frame.f_back
        return frame.f_lineno if frame is not None else None

    def wrap(self, name, real, repaired):
        def call(*args, **kwargs):
            line = self.caller_line()
            repairing = (line, name) in self.repair
            try:
                out = (repaired if repairing else real)(*args, **kwargs)
            except Exception as exc:
                self.failure = (exc, line, name)
                raise
            if not repairing and line is not None:
                self.accepted.add(line)
            return out
        return call


_REAL: dict = {}


def _install(harness: Harness) -> None:
    import functools

    import jax
    import jax.experimental.shard_map as experimental
    from jax import lax
    from jax._src import shard_map as private
    from jax.sharding import NamedSharding, PartitionSpec

    if not _REAL:
        _REAL.update({name: getattr(lax, name) for name in Harness.COLLECTIVES})
        _REAL.update(top_level_all_gather=private.top_level_all_gather, shard_map=jax.shard_map,
                     experimental=experimental.shard_map)

    def to_varying(value, axes):
        names = (axes,) if isinstance(axes, str) else tuple(axes)

        def leaf(a):
            mat = getattr(jax.typeof(a), "mat", None)
            if mat is None:
                return a
            for group in ([n for n in names if n in mat.reduced],
                          [n for n in names if n not in mat.varying | mat.reduced | mat.unreduced]):
                if group:
                    a = _REAL["pcast"](a, tuple(group), to="varying")
            return a
        return jax.tree.map(leaf, value)

    def cast_first(real):
        def repaired(x, *args, **kwargs):
            return real(to_varying(x, args[0] if args else kwargs["axis_name"]), *args, **kwargs)
        return repaired

    for name in Harness.COLLECTIVES:
        setattr(lax, name, harness.wrap(name, _REAL[name], cast_first(_REAL[name])))
    private.top_level_all_gather = harness.wrap(
        "top_level_all_gather", _REAL["top_level_all_gather"], lambda xs, out, **_: jax.reshard(xs, out))

    def place(args, in_specs, mesh):
        if mesh is None or not isinstance(in_specs, (tuple, PartitionSpec)):
            return args
        specs = (in_specs,) * len(args) if isinstance(in_specs, PartitionSpec) else tuple(in_specs)

        def put(spec, sub):
            if spec is None:
                return sub
            return jax.tree.map(
                lambda a: jax.reshard(a, NamedSharding(mesh, spec)) if isinstance(a, jax.Array) else a, sub)
        return jax.tree.map(put, specs, tuple(args), is_leaf=lambda s: s is None or isinstance(s, PartitionSpec))

    def shard_map(f=None, /, **kwargs):
        if f is None:
            return lambda g: shard_map(g, **kwargs)
        mapped = _REAL["shard_map"](f, **kwargs)
        return functools.wraps(f)(lambda *args: mapped(*place(args, kwargs.get("in_specs"), kwargs.get("mesh"))))

    def experimental_shard_map(f, mesh, in_specs, out_specs, **kwargs):
        mapped = _REAL["experimental"](f, mesh, in_specs, out_specs, **kwargs)
        return lambda *args: mapped(*place(args, in_specs, mesh))

    jax.shard_map = shard_map
    experimental.shard_map = experimental_shard_map


def _names(jax, jnp):
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = jax.make_mesh((2, 4), ("i", "j"))
    mesh_dm = jax.make_mesh((2, 4), ("data", "model"))
    mesh3 = jax.make_mesh((2, 2, 2), ("i", "j", "k"))

    def on(m, shape=(8, 8)):
        size = 1
        for n in shape:
            size *= n
        value = jnp.arange(size, dtype=jnp.float32).reshape(shape) / size
        return jax.device_put(value, NamedSharding(m, P()))

    def in_mesh(m, fn):
        with jax.set_mesh(m):
            return fn()

    def const(*shape):
        return jnp.ones(shape, jnp.float32)

    return {"mesh": mesh, "mesh_dm": mesh_dm, "mesh3": mesh3, "x": on(mesh), "xd": on(mesh_dm),
            "x3": on(mesh3), "arr": lambda *shape: on(mesh, shape), "arr3": lambda *shape: on(mesh3, shape),
            "const": const, "in_mesh": in_mesh, "P": P, "on": on}


def run_form(stem: str, entry: str, source: str, tmp: Path, max_runs: int = 12) -> dict:
    """Run one form until it passes, repairing each line that fails in turn."""
    import contextlib
    import io

    import jax
    import jax.numpy as jnp

    path = str(tmp / f"{stem}.py")
    harness = Harness(path)
    lines = source.splitlines()
    events, runs, status = [], 0, "ok"
    while True:
        runs += 1
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        harness.failure = None
        _install(harness)
        name = f"form_{stem}_{runs}"
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            with contextlib.redirect_stdout(io.StringIO()):
                spec.loader.exec_module(module)
                out = eval(entry, {**_names(jax, jnp), **vars(module)})
                jax.block_until_ready([a for a in jax.tree.leaves(out) if isinstance(a, jax.Array)])
            break
        except Exception as exc:  # noqa: BLE001 - each failure is a finding of the audit, not a crash of it
            failure = harness.failure
            if failure is not None and failure[0] is exc:
                _, line, api = failure
            else:
                line, api = bug_line(exc, path), None
            events.append({"line": line, "api": api, "type": type(exc).__name__,
                           "message": str(exc).strip()[:2000]})
            hand = LINE_FIXES.get(stem, {}).get(line)
            if api is not None and (line, api) not in harness.repair and line is not None:
                harness.repair.add((line, api))
            elif hand is not None and lines[line - 1] != hand:
                lines[line - 1] = hand
            else:
                status = "stopped"
                break
            if runs >= max_runs:
                status = "stopped"
                break
        finally:
            sys.modules.pop(name, None)
    return {"stem": stem, "entry": entry, "status": status, "runs": runs, "events": events,
            "accepted": sorted(harness.accepted)}


def child(stems: list[str], sources: Path, repair: bool) -> None:
    import warnings

    warnings.simplefilter("ignore")
    results = []
    with tempfile.TemporaryDirectory(prefix="forms_audit_") as tmp:
        for stem in stems:
            source = (sources / f"{stem}.py").read_text(encoding="utf-8")
            entries = ENTRIES[stem] if isinstance(ENTRIES[stem], tuple) else (ENTRIES[stem],)
            # a fixed form runs once in each context: a fix must hold in every branch its entries take
            results.append([run_form(stem, entry, source, Path(tmp), max_runs=12 if repair else 1)
                            for entry in entries])
    print(json.dumps(results))


# --- the parent: batches, judging, report ----------------------------------------------------

def run_batches(stems: list[str], batch: int, sources: Path = FORMS, repair: bool = True) -> dict[str, list[dict]]:
    env = dict(os.environ, **JAX_ENV)
    results = {}
    flags = ["--child", "--sources", str(sources)] + ([] if repair else ["--no-repair"])
    for start in range(0, len(stems), batch):
        chunk = stems[start:start + batch]
        proc = subprocess.run([sys.executable, __file__, *flags, *chunk], env=env,
                              capture_output=True, text=True, check=False, timeout=3600)
        if proc.returncode != 0:
            sys.exit(f"the JAX runner failed on {chunk}:\n{proc.stderr[-3000:]}")
        results.update((runs[0]["stem"], runs) for runs in json.loads(proc.stdout.strip().splitlines()[-1]))
    return results


def judge(stem: str, runs: list[dict], words: dict[str, tuple[str, ...]]) -> tuple[list, list, list]:
    """(confirmed markings, disagreements, notes) of one form's runs."""
    marked, _ = markings((FORMS / f"{stem}.py").read_text(encoding="utf-8"))
    confirmed, bad, notes = [], [], []
    events = [dict(event, context=n) for n, run in enumerate(runs) for event in run["events"]]
    accepted = set().union(*(run["accepted"] for run in runs))
    for line, codes in sorted(marked.items()):
        here = [e for e in events if e["line"] == line]
        for code in codes:
            if any(any(w in e["message"] for w in words[code]) for e in here):
                confirmed.append((line, code))
            elif here:
                bad.append(f"line {line} {code}: JAX raised other words: {_first(here[0])}")
            elif line in accepted:
                bad.append(f"line {line} {code}: JAX accepts the call (false positive)")
            else:
                bad.append(f"line {line} {code}: never reached by the entry")
        # a finding is certain: each context (a branch, a loop count) that reaches the line must fail
        for run in runs:
            if here and line in run["accepted"] and not any(e["line"] == line for e in run["events"]):
                bad.append(f"line {line}: JAX accepts every call on `{run['entry']}` (false positive)")
    for event in events:
        if event["line"] in marked:
            continue
        text = f"line {event['line']} raises on `{runs[event['context']]['entry']}`: {_first(event)}"
        why = NOTES.get((stem, event["line"]))
        if why is not None:
            text += f" (silent: {why})"
        (notes if event["context"] > 0 or why is not None else bad).append(text)
    last = runs[0]["events"][-1:]
    if runs[0]["status"] != "ok" and not (last and (stem, last[0]["line"]) in NOTES):
        bad.append(f"does not run once its marked lines are repaired ({runs[0]['runs']} runs)")
    return confirmed, bad, notes


def quoted_errors(stem: str) -> dict[tuple[int, str], list[str]]:
    """The JAX error texts each state finding of the analysis quotes (`JAX raises "..."`, or
    `"A" or "B"` when the text depends on a state the analysis does not know)."""
    sys.path.insert(0, str(REPO))
    from codemods import jaxapi
    from codemods.engine import Options, process_source

    path = FORMS / f"{stem}.py"
    result = process_source(path.read_text(encoding="utf-8"), str(path), Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    quotes = {}
    for finding in result.findings:
        match = re.search(r'JAX raises ("[^"]+"(?: or "[^"]+")*)', finding.message)
        if finding.code.startswith("SF1") and match:
            quotes[(finding.span.line, finding.code)] = re.findall(r'"([^"]+)"', match.group(1))
    return quotes


def wrong_quotes(stem: str, runs: list[dict]) -> list[str]:
    """Findings whose quoted error is not what JAX said at their line."""
    wrong = []
    for (line, code), quotes in sorted(quoted_errors(stem).items()):
        said = [e["message"] for run in runs for e in run["events"] if e["line"] == line]
        # the analysis elides the variable middle of long messages with " ... "
        alternatives = [quote.split(" ... ") for quote in quotes]
        if said and not any(all(part in message for part in parts) for parts in alternatives for message in said):
            wrong.append(f"line {line} {code} quotes {quotes!r}; JAX said {said[0].splitlines()[0][:160]!r}")
    return wrong


def _first(event: dict) -> str:
    message = event["message"].splitlines()[0][:200] if event["message"] else ""
    return f"{event['type']}: {message}"


def report(results: dict[str, list[dict]], skipped: dict[str, str], verbose: bool) -> int:
    words = _rule_words()
    total = sum(len(codes) for stem in results
                for codes in markings((FORMS / f"{stem}.py").read_text(encoding="utf-8"))[0].values())
    confirmed_total, disagreeing, misquoted, lines = 0, 0, 0, []
    for stem, runs in sorted(results.items()):
        confirmed, bad, notes = judge(stem, runs, words)
        quotes = wrong_quotes(stem, runs)
        misquoted += len(quotes)
        notes += [f"message: {text}" for text in quotes]
        confirmed_total += len(confirmed)
        disagreeing += bool(bad)
        if not (bad or notes or verbose):
            continue
        status = ", ".join(f"`{run['entry']}` {run['status']} after {run['runs']} run(s)" for run in runs)
        lines.append(f"- {stem}: {len(confirmed)} marking(s) confirmed; {status}")
        lines += [f"  - DISAGREES {text}" for text in bad]
        lines += [f"  - {text}" for text in notes]
        if verbose:
            lines += [f"  - event line {e['line']} {e['api']}: {_first(e)}" for run in runs for e in run["events"]]
    print("# forms audit on jax (8 CPU devices)\n")
    print(f"{len(results)} forms run, {len(skipped)} not run; {confirmed_total}/{total} markings confirmed "
          f"by JAX; {disagreeing} form(s) disagree; {misquoted} finding message(s) quote other words "
          f"than JAX raised\n")
    print("\n".join(lines))
    for stem, reason in sorted(skipped.items()):
        print(f"- {stem}: not run: {reason}")
    return 1 if disagreeing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("forms", nargs="*", help="form stems (default: all)")
    parser.add_argument("--batch", type=int, default=40, help="forms per JAX process")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--fixed", action="store_true",
                        help="run the forms as shardfix fixes them (unsafe fixes too), without repairs")
    parser.add_argument("--skip-missing", action="store_true",
                        help="list forms without an entry as not audited instead of stopping")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sources", type=Path, default=FORMS, help=argparse.SUPPRESS)
    parser.add_argument("--no-repair", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.forms, args.sources, not args.no_repair)
        return 0
    stems = args.forms or sorted(path.stem for path in FORMS.glob("*.py"))
    missing = [stem for stem in stems if stem not in ENTRIES and stem not in NOT_RUN]
    if missing and not args.skip_missing:
        sys.exit(f"no entry written for: {', '.join(missing)}")
    # a form renamed or removed leaves its entry and notes behind, read by no one
    every = {path.stem for path in FORMS.glob("*.py")}
    stale = sorted({*ENTRIES, *NOT_RUN, *LINE_FIXES, *(stem for stem, _ in NOTES)} - every)
    if stale:
        sys.exit(f"entries written for forms that do not exist: {', '.join(stale)}")
    skipped = {stem: NOT_RUN[stem] for stem in stems if stem in NOT_RUN}
    # a form without an entry is reported, never counted as audited
    skipped.update((stem, "not audited: no entry written") for stem in missing)
    for package in ("equinox", "ml_collections", "omegaconf"):
        if importlib.util.find_spec(package) is None:
            for stem in stems:
                text = (FORMS / f"{stem}.py").read_text(encoding="utf-8")
                if f"import {package}" in text or f"from {package}" in text:
                    skipped.setdefault(stem, f"{package} is not installed")
    stems = [stem for stem in stems if stem not in skipped]
    if args.fixed:
        return run_fixed(stems, args.batch)
    return report(run_batches(stems, args.batch), skipped, args.verbose)


def run_fixed(stems: list[str], batch: int) -> int:
    """Each marked form as shardfix fixes it must run; forms with a finding it cannot fix are
    counted apart."""
    sys.path.insert(0, str(REPO))
    from codemods import jaxapi
    from codemods.engine import Options, process_source

    options = Options(target=jaxapi.NEWEST_KNOWN, unsafe_fixes=True)
    partly, fixed = [], []
    with tempfile.TemporaryDirectory(prefix="forms_fixed_") as tmp:
        for stem in stems:
            path = FORMS / f"{stem}.py"
            result = process_source(path.read_text(encoding="utf-8"), str(path), options, fix=True)
            left = [f for f in result.findings if f.code.startswith("SF1")]  # found, not fixed
            if left:
                partly.append(stem)
            if left or not any(f.code.startswith("SF1") for f in result.applied):
                continue
            (Path(tmp) / f"{stem}.py").write_text(result.output, encoding="utf-8")
            fixed.append(stem)
        results = run_batches(fixed, batch, Path(tmp), repair=False)
    failing = {stem: next(run for run in runs if run["status"] != "ok")
               for stem, runs in results.items() if any(run["status"] != "ok" for run in runs)}
    print("# forms as shardfix fixes them, on jax (8 CPU devices)\n")
    print(f"{len(fixed) - len(failing)}/{len(fixed)} fixed forms run; {len(partly)} form(s) with a "
          f"finding shardfix does not fix: {', '.join(partly) or 'none'}\n")
    for stem, run in sorted(failing.items()):
        print(f"- {stem}: `{run['entry']}`: {_first(run['events'][0])} (line {run['events'][0]['line']} "
              "of the fixed text)")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
