"""Time `shardfix validate` on the bundled fixtures (wall time, number of cases).

    python benchmarks/validate_fixtures.py [--jobs N] [--batch-size N] [--timeout S] [ROOT]

Prints one line such as
``validate fixtures: 32 cases (32 passed, 0 failed, 0 skipped) in 15.3s wall, 0.48s/case, jobs=1``
and exits 1 when a case failed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from codemods.validate.runner import (
    discover_cases,
    jax_available,
    run_cases,
    summary,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=REPO / "fixtures")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--slowest", type=int, default=5, help="list the N slowest cases")
    args = parser.parse_args(argv)
    if not jax_available():
        print("jax is not installed: pip install 'shardfix[validate]'", file=sys.stderr)
        return 2

    start = time.perf_counter()
    cases = discover_cases(args.root)
    found = time.perf_counter() - start
    results = run_cases(cases, timeout=args.timeout, batch_size=args.batch_size, jobs=args.jobs)
    wall = time.perf_counter() - start

    ran = [r for r in results if r.status != "skipped"]
    per_case = wall / len(ran) if ran else 0.0
    print(f"validate fixtures: {len(cases)} cases ({summary(results)}) in {wall:.1f}s wall, "
          f"{per_case:.2f}s/case, discovery {found * 1000:.0f}ms, jobs={args.jobs}, "
          f"batch size={args.batch_size}")
    for r in sorted(ran, key=lambda r: r.seconds, reverse=True)[: args.slowest]:
        print(f"  {r.seconds:6.2f}s  {r.label}  {r.status}")
    for r in results:
        if r.status == "failed":
            print(f"  FAILED {r.label}: before={r.before!r} after={r.after!r} grad={r.grad!r}")
    return 1 if any(r.status == "failed" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
