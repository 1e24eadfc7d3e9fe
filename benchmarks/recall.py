"""Recall, precision and fix validity of shardfix on the held-out programs.

    python benchmarks/recall.py [--shardfix CHECKOUT] [--set NAME | --heldout DIR] [--verify] [--no-fix]

`--set NAME` picks the program set benchmarks/NAME (default `heldout`; `heldout2` is a second
set written independently); `--heldout DIR` names any directory in the same format.

`--shardfix` is the checkout whose `codemods` package is measured (default: the repository this
script lives in); it is put first on PYTHONPATH of every shardfix process. `--verify` only runs
the programs on JAX (8 CPU devices) and checks them against the manifest: every buggy program
must raise at its bug line with its error text, every clean program must run. Prints markdown;
exits 1 when there is a false positive or `--select X` disagrees with the full run (`--verify`:
when a program does not behave as the manifest says).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import defaultdict
from pathlib import Path

from checkout import check_package, shardfix

REPO = Path(__file__).resolve().parents[1]
HELDOUT = REPO / "benchmarks" / "heldout"
STATE_RULES = ("SF101", "SF102", "SF103", "SF104", "SF105", "SF106")
JAX_ENV = {"XLA_FLAGS": "--xla_force_host_platform_device_count=8", "JAX_PLATFORMS": "cpu"}


# --- running programs on JAX (child process) -------------------------------------------------

def bug_line(exc: BaseException, path: str) -> int | None:
    """The innermost line of `path` in the traceback of `exc` or of its causes."""
    import traceback

    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == path]
        if lines:
            return lines[-1]
        exc = exc.__cause__ or exc.__context__
    return None


def run_programs(paths: list[str]) -> list[dict]:
    """Run each program's main(*inputs()) in this process; JAX is imported once."""
    import contextlib
    import io
    import runpy
    import warnings

    warnings.simplefilter("ignore")
    import jax

    results = []
    for path in paths:
        path = str(Path(path).resolve())
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # stdout carries the JSON
                namespace = runpy.run_path(path, run_name="heldout_program")
                jax.block_until_ready(namespace["main"](*namespace["inputs"]()))
            results.append({"path": path, "status": "ok"})
        except Exception as exc:  # every failure is a result here, not a crash of the runner
            results.append({"path": path, "status": "error", "type": type(exc).__name__,
                            "message": str(exc), "line": bug_line(exc, path)})
    return results


def run_on_jax(paths: list[Path]) -> dict[Path, dict]:
    """Run the programs in one child process on 8 simulated CPU devices."""
    if not paths:
        return {}
    env = dict(os.environ, **JAX_ENV)
    env.pop("PYTHONPATH", None)  # the programs need JAX only, never a shardfix checkout
    proc = subprocess.run(
        [sys.executable, __file__, "--run-programs", *map(str, paths)],
        env=env, capture_output=True, text=True, check=False, timeout=3600,
    )
    if proc.returncode != 0:
        sys.exit(f"the JAX runner failed:\n{proc.stderr[-3000:]}")
    return {Path(r["path"]): r for r in json.loads(proc.stdout)}


# --- the manifest ----------------------------------------------------------------------------

def load_manifest(heldout: Path) -> tuple[dict[Path, dict], list[Path]]:
    """Buggy programs by path (with their bug) and the clean programs."""
    try:
        data = tomllib.loads((heldout / "manifest.toml").read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        sys.exit(f"cannot read {heldout / 'manifest.toml'}: {exc}")
    bugs = {}
    for bug in data["bug"]:
        path = (heldout / bug["file"]).resolve()
        bugs[path] = bug
    on_disk = sorted(p.resolve() for p in (heldout / "buggy").glob("*.py"))
    missing = [p for p in on_disk if p not in bugs] + [p for p in bugs if not p.exists()]
    if missing:
        sys.exit(f"manifest and buggy/ disagree on: {', '.join(map(str, missing))}")
    clean = sorted(p.resolve() for p in (heldout / "clean").glob("*.py"))
    return bugs, clean


def matches_bug(result: dict, bug: dict) -> bool:
    return (result["status"] == "error" and result["line"] == bug["line"]
            and bug["error"] in result["message"])


def verify(heldout: Path) -> int:
    bugs, clean = load_manifest(heldout)
    results = run_on_jax([*bugs, *clean])
    bad = []
    for path, bug in bugs.items():
        r = results[path]
        if not matches_bug(r, bug):
            bad.append(f"{path.name}: expected line {bug['line']} {bug['error']!r}, got "
                       f"{r['status']} line {r.get('line')} {r.get('message', '')[:200]!r}")
    for path in clean:
        r = results[path]
        if r["status"] != "ok":
            bad.append(f"{path.name}: clean program raised at line {r['line']}: "
                       f"{r['type']}: {r['message'][:200]}")
    print(f"verified {len(bugs)} buggy and {len(clean)} clean programs on jax "
          f"(8 CPU devices): {len(bugs) + len(clean) - len(bad)} as stated, {len(bad)} not")
    for line in bad:
        print("  " + line)
    return 1 if bad else 0


# --- running shardfix ------------------------------------------------------------------------

FILE_TIMEOUT = 300


def findings(checkout: Path, target: Path, select: str | None = None) -> dict[tuple, str]:
    """(path, line, column, code) of every finding -> its fix safety ("none" without a fix)."""
    args = ["check", "--format", "json", "--exit-zero", "--no-cache", "--file-timeout", str(FILE_TIMEOUT), str(target)]
    if select:
        args[1:1] = ["--select", select]
    proc = shardfix(checkout, *args)
    if proc.returncode != 0:
        sys.exit(f"shardfix check failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    report = json.loads(proc.stdout)
    return {((checkout / f["path"]).resolve(), f["line"], f["column"], f["code"]):
            (f.get("fix_safety") or "safe") if f.get("fix_available") else "none"
            for f in report["findings"]}


# --- scoring ---------------------------------------------------------------------------------

def score(bugs: dict[Path, dict], clean: list[Path], found: dict[tuple, str]) -> dict:
    by_line = defaultdict(set)
    for path, line, _col, code in found:
        by_line[path, line].add(code)
    hit, right, false_pos, other, fix = {}, {}, [], [], {}
    for path, line, col, code in sorted(found):
        bug = bugs.get(path)
        if path in clean:
            false_pos.append((path, line, col, code))
        elif bug is not None and code in STATE_RULES and line in bug.get("also", ()):
            other.append((path, line, col, code))  # a second line JAX rejects too (see the manifest)
        elif bug is not None and code in STATE_RULES and line != bug["line"]:
            false_pos.append((path, line, col, code))
        elif bug is not None and code not in STATE_RULES:
            other.append((path, line, col, code))
    for path, bug in bugs.items():
        codes = {c for c in by_line.get((path, bug["line"]), ()) if c in STATE_RULES}
        hit[path] = bool(codes)
        right[path] = bug["code"] in codes
        safeties = {safety for (p, line, _c, code), safety in found.items()
                    if p == path and line == bug["line"] and code in STATE_RULES}
        fix[path] = "safe" if "safe" in safeties else "unsafe" if "unsafe" in safeties else None
    true_pos = sum(1 for path in bugs if hit[path])
    return {"hit": hit, "right": right, "false_pos": false_pos, "other": other, "fix": fix,
            "precision": true_pos / (true_pos + len(false_pos)) if true_pos + len(false_pos) else 1.0}


def fix_validity(checkout: Path, heldout: Path, bugs: dict[Path, dict],
                 offered: dict[Path, str | None], unsafe: bool) -> dict:
    """Apply the fixes to a copy; run every program whose bug line got a fix of that kind."""
    kinds = {"safe", "unsafe"} if unsafe else {"safe"}
    with tempfile.TemporaryDirectory(prefix="heldout-fix-") as tmp:
        copy = Path(tmp) / "heldout"
        shutil.copytree(heldout, copy)
        args = ["apply", str(copy)]
        if unsafe:
            args.insert(1, "--unsafe-fixes")
        proc = shardfix(checkout, *args)
        if proc.returncode == 2:
            sys.exit(f"shardfix apply failed:\n{proc.stderr[-3000:]}")
        changed_clean = [p.name for p in sorted((copy / "clean").glob("*.py"))
                         if p.read_bytes() != (heldout / "clean" / p.name).read_bytes()]
        fixed = {copy / path.relative_to(heldout): path
                 for path in bugs if offered[path] in kinds}
        unchanged = [path.name for f, path in fixed.items() if f.read_bytes() == path.read_bytes()]
        snapshot = {f: f.read_bytes() for f in copy.rglob("*.py")}
        shardfix(checkout, *args)
        not_idempotent = [f.name for f, text in snapshot.items() if f.read_bytes() != text]
        results = run_on_jax([*fixed, *(copy / "clean" / name for name in changed_clean)])
        changed_clean = [name + ("" if results[(copy / "clean" / name).resolve()]["status"] == "ok"
                                 else " (now raises)") for name in changed_clean]
        outcome = {"runs": [], "same": [], "other": []}
        for f, path in fixed.items():
            r = results[f.resolve()]
            if r["status"] == "ok":
                outcome["runs"].append(path.name)
            elif bugs[path]["error"] in r["message"]:
                outcome["same"].append(path.name)
            else:
                outcome["other"].append(f"{path.name}: line {r['line']}: {r['message'][:160]}")
        outcome.update(fixed=len(fixed), unchanged=unchanged, changed_clean=changed_clean,
                       not_idempotent=not_idempotent)
        return outcome


# --- report ----------------------------------------------------------------------------------

def ratio(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.2f}" if b else "-"


def report(checkout: Path, heldout: Path, with_fixes: bool) -> int:
    check_package(checkout)
    bugs, clean = load_manifest(heldout)
    found = findings(checkout, heldout)
    s = score(bugs, clean, found)
    n = len(bugs)
    rev = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True, check=False).stdout.strip()
    print(f"## shardfix {checkout} ({rev or 'no git'}) on {n} buggy + {len(clean)} clean programs\n")
    tp = sum(s["hit"].values())
    print("| measure | value |\n|---|---:|")
    print(f"| recall (a finding on the bug line) | {ratio(tp, n)} |")
    print(f"| recall with the right code | {ratio(sum(s['right'].values()), n)} |")
    print(f"| precision (SF1xx off the bug line, anything on clean files) | "
          f"{s['precision']:.2f} ({len(s['false_pos'])} false positives) |")
    print(f"| other-rule findings on buggy files (SF2xx, not scored) | {len(s['other'])} |")
    kinds = [s["fix"][p] for p in bugs]
    print(f"| bug lines found with a safe / unsafe / no fix | {kinds.count('safe')} / "
          f"{kinds.count('unsafe')} / {sum(s['hit'].values()) - kinds.count('safe') - kinds.count('unsafe')} |")

    print("\n| rule | bugs | found | right code |\n|---|---:|---:|---:|")
    for code in STATE_RULES:
        paths = [p for p, b in bugs.items() if b["code"] == code]
        print(f"| {code} | {len(paths)} | {sum(s['hit'][p] for p in paths)} | "
              f"{sum(s['right'][p] for p in paths)} |")

    forms = defaultdict(list)
    for path, bug in bugs.items():
        for form in bug["forms"]:
            forms[form].append(path)
    print("\n| form | bugs | found | missed |\n|---|---:|---:|---|")
    for form in sorted(forms):
        paths = forms[form]
        missed = ", ".join(p.stem for p in paths if not s["hit"][p])
        print(f"| {form} | {len(paths)} | {sum(s['hit'][p] for p in paths)} | {missed} |")

    print("\n| --select alone | findings | same as the full run |\n|---|---:|---|")
    codes = sorted({c for *_, c in found} | set(STATE_RULES))
    select_ok = True
    for code in codes:
        alone = findings(checkout, heldout, code)
        full = {f for f in found if f[3] == code}
        same = set(alone) == full
        select_ok &= same
        diff = "yes" if same else (f"no: {len(set(alone) - full)} only alone, "
                                   f"{len(full - set(alone))} only in the full run")
        print(f"| {code} | {len(alone)} | {diff} |")

    if s["other"]:
        print("\nOther findings on buggy files (not scored: other rules, or a second line JAX rejects that the manifest lists in `also`):")
        for path, line, col, code in s["other"]:
            print(f"- {path.relative_to(heldout.resolve())}:{line}:{col} {code}")

    if s["false_pos"]:
        print("\nFalse positives:")
        for path, line, col, code in s["false_pos"]:
            print(f"- {path.relative_to(heldout.resolve())}:{line}:{col} {code}")

    if with_fixes:
        print("\n| fixes applied | bug lines with such a fix | fixed program runs | same error "
              "| other error | clean files changed |\n|---|---:|---:|---:|---:|---:|")
        broken = []
        for unsafe in (False, True):
            o = fix_validity(checkout, heldout, bugs, s["fix"], unsafe)
            label = "safe + unsafe" if unsafe else "safe"
            print(f"| {label} | {o['fixed']} | {ratio(len(o['runs']), o['fixed'])} | "
                  f"{len(o['same'])} | {len(o['other'])} | {len(o['changed_clean'])} |")
            broken += [f"{label}: fix offered but file unchanged: {x}" for x in o["unchanged"]]
            broken += [f"{label}: a second apply changed: {x}" for x in o["not_idempotent"]]
            broken += [f"{label}: still raises the same error: {x}" for x in o["same"]]
            broken += [f"{label}: raises another error: {x}" for x in o["other"]]
            broken += [f"{label}: clean file changed: {x}" for x in o["changed_clean"]]
        for line in broken:
            print(f"- {line}")
    return 0 if select_ok and not s["false_pos"] else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shardfix", type=Path, default=REPO, help="checkout to measure")
    parser.add_argument("--set", dest="set_name", default="heldout", metavar="NAME",
                        help="program set under benchmarks/ (heldout, heldout2)")
    parser.add_argument("--heldout", type=Path, default=None, help="a set's directory (overrides --set)")
    parser.add_argument("--verify", action="store_true", help="only run the programs on JAX")
    parser.add_argument("--no-fix", action="store_true", help="skip the fix validity runs")
    parser.add_argument("--file-timeout", type=int, default=300,
                        help="seconds per file (a loaded machine runs slower than the tool's default allows)")
    parser.add_argument("--run-programs", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run_programs:
        print(json.dumps(run_programs(args.run_programs)))
        return 0
    heldout = args.heldout if args.heldout is not None else HELDOUT.parent / args.set_name
    if not (heldout / "manifest.toml").is_file():
        parser.error(f"no program set at {heldout} (expected {heldout / 'manifest.toml'})")
    if args.verify:
        return verify(heldout)
    global FILE_TIMEOUT
    FILE_TIMEOUT = args.file_timeout
    return report(args.shardfix.resolve(), heldout.resolve(), not args.no_fix)


if __name__ == "__main__":
    sys.exit(main())
