"""benchmarks/collectives/bench_gather_plans.py

Multi-stage all-gather plans: each plan is a list of (axes, dim) stages run in order inside
one shard_map; the benchmark compares a one-shot gather with staged ones.
"""
import argparse
import csv
import itertools
import json
import re
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ---------------------------------------------------------------------------------------------
# microbench: vendored copy of the team's tools/microbench.py (google-benchmark-like registry).
# Kept in sync by hand; do not edit here.
# ---------------------------------------------------------------------------------------------
_REGISTRY = []


class State:
    """Handed to every benchmark body: iterate `for _ in state:` and time only the loop."""

    def __init__(self, name, args, iterations):
        self.name = name
        self._args = tuple(args)
        self.iterations = iterations
        self.counters = {}
        self.times = []

    def range(self, i=0):
        return self._args[i]

    def __iter__(self):
        for _ in range(self.iterations):
            t0 = time.perf_counter()
            yield
            self.times.append(time.perf_counter() - t0)


def benchmark(name=None, args=(), iterations=3, warmup=1):
    def deco(fn):
        cases = [tuple(a) if isinstance(a, (list, tuple)) else (a,) for a in args] or [()]
        for case in cases:
            label = name or fn.__name__
            if case:
                label += "/" + "/".join(str(c) for c in case)
            _REGISTRY.append((label, fn, case, iterations, warmup))
        return fn
    return deco


def register(fn):
    return benchmark()(fn)


def _summary(label, states):
    per_iter = [t for s in states for t in s.times]
    row = {"name": label, "reps": len(states),
           "median_us": 1e6 * statistics.median(per_iter) if per_iter else 0.0,
           "stddev_us": 1e6 * statistics.pstdev(per_iter) if len(per_iter) > 1 else 0.0}
    for k, v in states[-1].counters.items():
        row[k] = float(v)
    return row


def run_benchmarks(argv=()):
    parser = argparse.ArgumentParser("microbench")
    parser.add_argument("--filter", default=".")
    parser.add_argument("--repetitions", type=int, default=2)
    parser.add_argument("--out", default=None)
    opts = parser.parse_args(list(argv))
    pattern = re.compile(opts.filter)
    rows = []
    for label, fn, case, iterations, warmup in _REGISTRY:
        if not pattern.search(label):
            continue
        fn(State(label, case, warmup))
        states = []
        for _ in range(opts.repetitions):
            st = State(label, case, iterations)
            fn(st)
            states.append(st)
        rows.append(_summary(label, states))
    out = Path(opts.out or tempfile.mkdtemp(prefix="microbench-"))
    keys = sorted({k for r in rows for k in r}, key=lambda k: (k != "name", k))
    with open(out / "results.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)
    (out / "results.json").write_text(json.dumps(rows, indent=1))
    print(f"{'benchmark':<48} {'median_us':>12} {'stddev_us':>10}")
    for r in rows:
        print(f"{r['name']:<48} {r['median_us']:>12.1f} {r['stddev_us']:>10.1f}")
    return rows


# ---------------------------------------------------------------------------------------------
MESH = jax.make_mesh((4, 2), ("x", "y"))
IN_SPEC = P("x", "y")

PLANS = {
    "oneshot_rows": [("x", 0)],
    "cols_then_rows": [("y", 1), ("x", 0)],
    "all_rows": [(("x", "y"), 0)],
}


def plan_out_spec(plan):
    gathered = set()
    for axes, _ in plan:
        gathered.update(axes if isinstance(axes, tuple) else (axes,))
    dims = [None, None]
    for i, a in enumerate(IN_SPEC):
        if a not in gathered:
            dims[i] = a
    return P(*dims, reduced=gathered)


def run_plan(x, plan):
    for axes, dim in plan:
        x = jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")
    return x


class PlanBenchmark:
    def __init__(self, name):
        self.name = name
        self.plan = PLANS[name]
        self.fn = jax.jit(jax.shard_map(lambda x: run_plan(x, self.plan), mesh=MESH,
                                        in_specs=IN_SPEC, out_specs=plan_out_spec(self.plan)))

    def __call__(self, x):
        return self.fn(x)


PLAN_NAMES = list(PLANS)


@benchmark(name="gather_plan", args=[[i, r] for i in range(len(PLAN_NAMES)) for r in (16, 32)])
def bm_plan(state):
    bench = PlanBenchmark(PLAN_NAMES[state.range(0)])
    rows = state.range(1)
    host = np.arange(rows * 8, dtype=np.float32).reshape(rows, 8)
    x = jax.device_put(host, NamedSharding(MESH, IN_SPEC))
    y = jax.block_until_ready(bench(x))
    for _ in state:
        y = jax.block_until_ready(bench(x))
    state.counters["stages"] = len(bench.plan)
    state.counters["out_elems"] = y.size


def inputs():
    return ("--filter", r"gather_plan/\d+/16", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    assert len(rows) == len(PLANS)
    return rows


if __name__ == "__main__":
    main(*inputs())
