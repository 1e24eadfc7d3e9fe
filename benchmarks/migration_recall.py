"""Line recall, false positives and output parity of shardfix's migrations on unseen old programs.

    python3 benchmarks/migration_recall.py [--shardfix CHECKOUT] [--verify] [--no-apply] [--from-jax-manifest]

The programs in benchmarks/heldout_migrations/ were written for old JAX versions (old/) or are
already migrated or version-guarded (clean/); manifest.toml gives, per old program, the JAX it
was written for and every line that must change to run correctly on jax 0.10.2.

Default: `shardfix check --output-format json --target-jax 0.10.2` on a copy of the programs
(recall: must-change lines with a finding in their statement, overall and per API; false
positives: findings in clean programs, and findings in old programs away from every
must-change line), then `shardfix apply --target-jax 0.10.2` (safe, then with --unsafe-fixes) on
fresh copies, and each rewritten program runs on jax 0.10.2 to compare its printed output with the
original's on its own JAX: same / differs / fails. Prints Markdown.

`--from-jax-manifest` passes each old program's `written-for` version as `--from-jax` (what a
user who declares the JAX their code was written for gets); clean programs get none.

`--verify` checks the benchmark itself, without shardfix: every old program prints on its own
JAX; on 0.10.2 it fails or prints something else; with every manifest `fix` applied it prints
what it printed on its own JAX; with any one fix left out it fails or differs again (so each
listed line is needed); every clean program runs on 0.10.2 (and on its `also-runs-on` JAX).

Programs run on 8 simulated CPU devices, in one process per JAX version: JAX is imported once,
then every program runs in a forked child so that no state leaks from one to the next.
Old JAX environments: ~/.cache/shardfix/jax-envs/jax-X/bin/python (or $SHARDFIX_JAX_ENVS);
jax 0.10.2 is this interpreter's.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from checkout import check_package, shardfix

REPO = Path(__file__).resolve().parents[1]
PROGRAMS = REPO / "benchmarks" / "heldout_migrations"
TARGET = "0.10.2"
JAX_ENV = {"XLA_FLAGS": "--xla_force_host_platform_device_count=8", "JAX_PLATFORMS": "cpu"}
PER_PROGRAM_SECONDS = 300


# --- running programs (child process: standard library and JAX only) ------------------------

def _run_one(path: str) -> dict:
    """Run `path` as __main__ in a forked child; its printed lines are the result."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_end)
        import contextlib
        import io
        import runpy
        import signal
        import warnings

        signal.alarm(PER_PROGRAM_SECONDS)
        warnings.simplefilter("ignore")
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                runpy.run_path(path, run_name="__main__")
            result = {"status": "ok", "output": out.getvalue()}
        except BaseException as exc:  # every failure of the program is its result
            result = {"status": "error", "output": out.getvalue(),
                      "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
        with os.fdopen(write_end, "w") as pipe:
            json.dump(result, pipe)
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not text:
        return {"status": "error", "output": "", "error": f"the program died (wait status {status})"}
    return json.loads(text)


def run_programs(paths: list[str]) -> None:
    import warnings

    warnings.simplefilter("ignore")
    import jax  # noqa: F401  imported once; each forked child initialises its own backend

    json.dump({p: _run_one(p) for p in paths}, sys.stdout)


def jax_python(version: str) -> str:
    if version == TARGET:
        return sys.executable
    envs = Path(os.environ.get("SHARDFIX_JAX_ENVS", Path.home() / ".cache/shardfix/jax-envs"))
    python = envs / f"jax-{version}" / "bin" / "python"
    if not python.exists():
        sys.exit(f"no environment with jax {version}: {python} is missing")
    return str(python)


def run_on(version: str, paths: list[Path]) -> dict[Path, dict]:
    """Run programs on one JAX version; {path: {status, output, error}}."""
    if not paths:
        return {}
    env = dict(os.environ, **JAX_ENV)
    env.pop("PYTHONPATH", None)  # the programs need JAX only, never a shardfix checkout
    proc = subprocess.run([jax_python(version), __file__, "--run-programs", *map(str, paths)],
                          env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"the runner for jax {version} failed:\n{proc.stderr[-3000:]}")
    return {Path(p): r for p, r in json.loads(proc.stdout).items()}


def run_batches(jobs: list[tuple[str, Path]]) -> dict[tuple[str, Path], dict]:
    by_version = defaultdict(list)
    for version, path in jobs:
        by_version[version].append(path)
    results = {}
    for version, paths in sorted(by_version.items()):
        for path, result in run_on(version, paths).items():
            results[(version, path)] = result
    return results



# --- the manifest ------------------------------------------------------------------------------

def load_manifest(programs: Path) -> tuple[list[dict], list[dict]]:
    import tomllib

    data = tomllib.loads((programs / "manifest.toml").read_text())
    old, clean = data.get("program", []), data.get("clean", [])
    for entry in old + clean:
        entry["path"] = programs / entry["file"]
        if not entry["path"].is_file():
            sys.exit(f"manifest.toml names {entry['file']}, which does not exist")
    return old, clean


def with_fixes(source: str, changes: list[dict]) -> str:
    """The program with each listed line replaced by its hand-written fix."""
    lines = source.split("\n")
    for change in changes:
        lines[change["line"] - 1] = change["fix"]
    return "\n".join(lines)


def outcome(result: dict, reference: dict) -> str:
    if result["status"] != "ok":
        return "fails"
    return "same" if result["output"] == reference["output"] else "differs"


# --- --verify: the benchmark checked against JAX, without shardfix -----------------------------

def verify(programs: Path) -> int:
    old, clean = load_manifest(programs)
    problems = []
    with tempfile.TemporaryDirectory(prefix="migration-verify-") as tmp:
        tmp = Path(tmp)
        jobs, variants = [], {}
        for n, entry in enumerate(old):
            source = entry["path"].read_text()
            jobs += [(entry["written-for"], entry["path"]), (TARGET, entry["path"])]
            changes = entry["must-change"]
            if not changes:
                problems.append(f"{entry['file']}: no must-change line")
            for k in range(-1, len(changes)):  # -1: every fix; k: every fix but the k-th
                kept = [c for i, c in enumerate(changes) if i != k]
                variant = tmp / f"p{n}_{k + 1}_{entry['path'].name}"
                variant.write_text(with_fixes(source, kept))
                variants[(entry["file"], k)] = variant
                jobs.append((TARGET, variant))
        for entry in clean:
            jobs.append((TARGET, entry["path"]))
            if "also-runs-on" in entry:
                jobs.append((entry["also-runs-on"], entry["path"]))
        results = run_batches(jobs)

    for entry in old:
        name = entry["file"]
        own = results[(entry["written-for"], entry["path"])]
        if own["status"] != "ok" or not own["output"].strip():
            problems.append(f"{name}: does not print on jax {entry['written-for']}: {own.get('error')}")
            continue
        if outcome(results[(TARGET, entry["path"])], own) == "same":
            problems.append(f"{name}: prints the same on {TARGET} unchanged")
        fixed = results[(TARGET, variants[(name, -1)])]
        if outcome(fixed, own) != "same":
            problems.append(f"{name}: with every fix, {outcome(fixed, own)} on {TARGET}: "
                            f"{fixed.get('error') or fixed['output'][:200]!r} vs {own['output'][:200]!r}")
        for k, change in enumerate(entry["must-change"]):
            if outcome(results[(TARGET, variants[(name, k)])], own) == "same":
                problems.append(f"{name}: line {change['line']} need not change")
    for entry in clean:
        for version in [TARGET] + ([entry["also-runs-on"]] if "also-runs-on" in entry else []):
            result = results[(version, entry["path"])]
            if result["status"] != "ok" or not result["output"].strip():
                problems.append(f"{entry['file']}: does not run on jax {version}: {result.get('error')}")
    lines = sum(len(e["must-change"]) for e in old)
    print(f"{len(old)} old programs ({lines} must-change lines), {len(clean)} clean programs")
    print(dict(Counter(e["written-for"] for e in old)))
    for problem in problems:
        print("PROBLEM:", problem)
    print("verified" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0



# --- shardfix on the programs ------------------------------------------------------------------

def copy_programs(programs: Path, into: Path) -> Path:
    """A copy outside any project, so that no pyproject.toml of the checkout applies."""
    target = into / "programs"
    shutil.copytree(programs, target, ignore=shutil.ignore_patterns("*.md", "__pycache__"))
    return target


def runs(copy: Path, written_for: dict[str, str] | None) -> list[list[str]]:
    """The extra arguments and paths of each shardfix run over the copy: one run of the whole
    copy, or with `written_for` ({file: version}) one per version (`--from-jax`) and one for the
    files it does not name."""
    if written_for is None:
        return [[str(copy)]]
    groups = defaultdict(list)
    for path in sorted(copy.rglob("*.py")):
        groups[written_for.get(path.relative_to(copy).as_posix())].append(str(path))
    return [(["--from-jax", version] if version else []) + paths for version, paths in groups.items()]


def findings(checkout: Path, copy: Path, written_for: dict[str, str] | None = None) -> dict[str, list[dict]]:
    """{relative file: [finding]} of `check --target-jax 0.10.2` on the copy."""
    found = defaultdict(list)
    for args in runs(copy, written_for):
        proc = shardfix(checkout, "check", "--output-format", "json", "--exit-zero", "--no-cache",
                        "--target-jax", TARGET, *args)
        try:
            report = json.loads(proc.stdout)
        except json.JSONDecodeError:
            sys.exit(f"shardfix check failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
        if report.get("errors"):
            sys.exit(f"shardfix check reported errors: {report['errors']}")
        for f in report["findings"]:
            found[Path(f["path"]).resolve().relative_to(copy.resolve()).as_posix()].append(f)
    return found


def statement_lines(source: str) -> list[range]:
    """The lines of each simple statement, each compound statement's header, each decorator."""
    spans = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.stmt):
            continue
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            spans.append(range(node.lineno, body[0].lineno))
        else:
            spans.append(range(node.lineno, node.end_lineno + 1))
        for decorator in getattr(node, "decorator_list", []):
            spans.append(range(decorator.lineno, decorator.end_lineno + 1))
    return spans


def statement_of(spans: list[range], line: int) -> range:
    """The innermost statement (or header, or decorator) holding `line`."""
    holding = [s for s in spans if line in s]
    return min(holding, key=len) if holding else range(line, line + 1)


def changed_lines(before: str, after: str) -> set[int]:
    """Line numbers of `before` that `after` replaced or deleted."""
    import difflib

    matcher = difflib.SequenceMatcher(None, before.split("\n"), after.split("\n"), autojunk=False)
    return {i + 1 for tag, i1, i2, _, _ in matcher.get_opcodes() if tag != "equal"
            for i in range(i1, i2)}


def score(old: list[dict], clean: list[dict], found: dict[str, list[dict]],
          rewritten: Path | None) -> dict:
    """Per must-change line: reported (a finding in its statement), rewritten (by `apply`)."""
    per_api = defaultdict(Counter)
    per_version = defaultdict(Counter)
    misses, unexpected, tolerated = [], [], []
    for entry in old:
        source = entry["path"].read_text()
        spans = statement_lines(source)
        changed = (changed_lines(source, (rewritten / entry["file"]).read_text())
                   if rewritten else set())
        mine = found.get(entry["file"], [])
        covered = set()
        for change in entry["must-change"]:
            lines = statement_of(spans, change["line"])
            hit = [f for f in mine if f["line"] in lines]
            covered.update(id(f) for f in hit)
            for table, key in ((per_api, change["api"]), (per_version, entry["written-for"])):
                table[key]["lines"] += 1
                table[key]["reported"] += bool(hit)
                table[key]["rewritten"] += change["line"] in changed
            if not hit:
                misses.append((entry["file"], change["line"], change["api"],
                               change["line"] in changed))
        allowed = [statement_of(spans, m["line"]) for m in entry.get("may-change", [])]
        for f in mine:
            if id(f) in covered:
                continue
            if any(f["line"] in lines for lines in allowed):
                tolerated.append((entry["file"], f["line"], f["code"]))
            else:
                unexpected.append((entry["file"], f["line"], f["code"], f["message"]))
    false_positives = [(e["file"], f["line"], f["code"], f["message"])
                       for e in clean for f in found.get(e["file"], [])]
    return {"per_api": per_api, "per_version": per_version, "misses": misses,
            "unexpected": unexpected, "tolerated": tolerated,
            "false_positives": false_positives}


def apply_fixes(checkout: Path, programs: Path, into: Path, unsafe: bool,
                written_for: dict[str, str] | None = None) -> Path:
    copy = copy_programs(programs, into)
    for paths in runs(copy, written_for):
        args = ["apply", "--target-jax", TARGET, *paths]
        if unsafe:
            args.insert(1, "--unsafe-fixes")
        proc = shardfix(checkout, *args)
        if proc.returncode not in (0, 1):
            sys.exit(f"shardfix apply failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return copy


# --- the report --------------------------------------------------------------------------------

def ratio(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.2f}" if b else "-"


def print_recall(s: dict, with_apply: bool) -> None:
    total = sum((c for c in s["per_api"].values()), Counter())
    print("| | |\n|---|---:|")
    print(f"| line recall: must-change lines with a finding in their statement | "
          f"{ratio(total['reported'], total['lines'])} |")
    if with_apply:
        print(f"| must-change lines rewritten by `apply` (safe fixes; with or without a finding) | "
              f"{ratio(total['rewritten'], total['lines'])} |")
    print(f"| false positives: findings in clean programs | {len(s['false_positives'])} |")
    print(f"| findings in old programs on lines that need no change | {len(s['unexpected'])} |")
    print(f"| findings on deprecated lines that still work (not scored) | {len(s['tolerated'])} |\n")
    for title, table, order in (
            ("API", s["per_api"], lambda kv: kv[0].lower()),
            ("written for jax", s["per_version"], lambda kv: [int(x) for x in kv[0].split(".")])):
        print(f"| {title} | reported / must change |" + (" rewritten by apply |" if with_apply else ""))
        print("|---|---:|" + ("---:|" if with_apply else ""))
        for key, c in sorted(table.items(), key=order):
            print(f"| {key} | {ratio(c['reported'], c['lines'])} |"
                  + (f" {ratio(c['rewritten'], c['lines'])} |" if with_apply else ""))
        print()
    if s["misses"]:
        print("Must-change lines without a finding:\n")
        for file, line, api, rewritten in s["misses"]:
            print(f"- {file}:{line} ({api})" + (" (rewritten by apply all the same)" if rewritten else ""))
        print()
    if s["false_positives"] or s["unexpected"]:
        print("False positives (clean programs) and findings on lines that need no change (old programs):\n")
        for file, line, code, message in s["false_positives"] + s["unexpected"]:
            print(f"- {file}:{line} {code} {message[:160]}")
        print()


def first_difference(result: dict, reference: dict) -> str:
    """The error, or the first printed line that differs from the reference's."""
    if result["status"] != "ok":
        return result["error"].splitlines()[0] if result["error"] else "?"
    got, want = result["output"].splitlines(), reference["output"].splitlines()
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else "(nothing)"
        w = want[i] if i < len(want) else "(nothing)"
        if g != w:
            return f"prints `{g[:50]}` where the original printed `{w[:50]}`"
    return ""


def print_parity(old: list[dict], clean: list[dict], programs: Path, fixed: dict[str, Path],
                 results: dict) -> None:
    print(f"### `apply --target-jax {TARGET}`, then each program run on jax {TARGET}\n")
    print("| fixes | old programs printing what they print on their own JAX | differs | fails "
          "| clean programs changed by apply | clean programs that run |")
    print("|---|---:|---:|---:|---:|---:|")
    per_program = defaultdict(dict)
    for label, copy in fixed.items():
        outcomes = Counter()
        for e in old:
            own = results[(e["written-for"], programs / e["file"])]
            result = results[(TARGET, copy / e["file"])]
            o = outcome(result, own) if own["status"] == "ok" else "original fails"
            outcomes[o] += 1
            per_program[e["file"]][label] = (o, first_difference(result, own))
        changed = sum((copy / e["file"]).read_bytes() != (programs / e["file"]).read_bytes()
                      for e in clean)
        running = sum(results[(TARGET, copy / e["file"])]["status"] == "ok" for e in clean)
        print(f"| {label} | {outcomes['same']}/{len(old)} | {outcomes['differs']} | "
              f"{outcomes['fails']} | {changed} | {running}/{len(clean)} |")
    written_for = {e["file"]: e["written-for"] for e in old}
    bad = {f: r for f, r in per_program.items() if any(o != "same" for o, _ in r.values())}
    if bad:
        print("\n| program | written for | " + " | ".join(fixed) + " | first line of the error or output |")
        print("|---|---|" + "---|" * len(fixed) + "---|")
        for file, r in sorted(bad.items()):
            first = next(text for o, text in r.values() if o != "same")
            print(f"| {file} | {written_for[file]} | " + " | ".join(r[l][0] for l in fixed)
                  + f" | {first[:120].replace('|', '/')} |")
    print()


def report(checkout: Path, programs: Path, with_apply: bool, from_manifest: bool = False) -> int:
    check_package(checkout)
    old, clean = load_manifest(programs)
    written_for = {e["file"]: e["written-for"] for e in old} if from_manifest else None
    rev = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True, check=False).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="migration-recall-") as tmp:
        tmp = Path(tmp)
        found = findings(checkout, copy_programs(programs, tmp / "check"), written_for)
        fixed = {}
        if with_apply:
            for unsafe in (False, True):
                label = "with --unsafe-fixes" if unsafe else "safe fixes"
                fixed[label] = apply_fixes(checkout, programs, tmp / label.replace(" ", "_"), unsafe, written_for)
        s = score(old, clean, found, fixed.get("safe fixes"))
        print(f"## shardfix {checkout} ({rev or 'no git'}): {len(old)} old programs "
              f"({s['per_api'] and sum(c['lines'] for c in s['per_api'].values())} must-change lines), "
              f"{len(clean)} clean, `--target-jax {TARGET}`"
              + (", `--from-jax` from the manifest" if from_manifest else "") + "\n")
        print_recall(s, with_apply)
        if with_apply:
            jobs = [(e["written-for"], programs / e["file"]) for e in old]
            for copy in fixed.values():
                jobs += [(TARGET, copy / e["file"]) for e in old + clean]
            print_parity(old, clean, programs, fixed, run_batches(jobs))
    return 1 if s["false_positives"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shardfix", type=Path, default=REPO, help="checkout to measure")
    parser.add_argument("--programs", type=Path, default=PROGRAMS, help=argparse.SUPPRESS)
    parser.add_argument("--verify", action="store_true",
                        help="check the programs against JAX (no shardfix)")
    parser.add_argument("--no-apply", action="store_true", help="findings only, no rewrite and runs")
    parser.add_argument("--from-jax-manifest", action="store_true",
                        help="pass each old program's written-for version as --from-jax")
    args = parser.parse_args(argv)
    if args.verify:
        return verify(args.programs)
    return report(args.shardfix.resolve(), args.programs.resolve(), not args.no_apply, args.from_jax_manifest)


if __name__ == "__main__" and sys.argv[1:2] == ["--run-programs"]:
    run_programs(sys.argv[2:])

elif __name__ == "__main__":
    sys.exit(main())
