"""benchmarks/collectives/bench_reduce_scatter.py

Reduce-scatter of gradient buckets over one or both mesh axes, swept over bucket sizes and
the scatter axis choice. The `pre_reduce` variant sums the y partials first (as ZeRO-1 does
inside a host) and scatters the bucket over the remaining axes.
"""
import functools
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
GRID = {
    "bucket_kb": [64, 256],
    "scatter_axes": [("x",), ("x", "y")],
    "pre_reduce": [False, True],
}


def bucket(mesh, kb):
    n = kb * 1024 // 4
    cols = 64
    rows = max(n // cols // 8, 1) * 8
    g = np.cos(np.arange(rows * cols, dtype=np.float32)).reshape(rows, cols)
    return jax.device_put(g, NamedSharding(mesh, P("x", "y")))


def reduce_scatter(g, scatter_axes, pre_reduce):
    if pre_reduce:
        g = jax.lax.psum(g, "y")
    return jax.lax.psum_scatter(g, scatter_axes, scatter_dimension=0, tiled=True)


def out_spec_for(scatter_axes, pre_reduce):
    rows = scatter_axes if len(scatter_axes) > 1 else scatter_axes[0]
    if "y" in scatter_axes:
        return P(rows, None)
    return P(rows, None) if pre_reduce else P(rows, "y")


@functools.cache
def kernel(scatter_axes, pre_reduce):
    body = functools.partial(reduce_scatter, scatter_axes=scatter_axes, pre_reduce=pre_reduce)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P("x", "y"),
                                 out_specs=out_spec_for(scatter_axes, pre_reduce)))


CASES = [dict(zip(GRID, values)) for values in itertools.product(*GRID.values())]


@benchmark(name="reduce_scatter", args=range(len(CASES)))
def bm_reduce_scatter(state):
    case = CASES[state.range(0)]
    g = bucket(MESH, case["bucket_kb"])
    f = kernel(case["scatter_axes"], case["pre_reduce"])
    out = jax.block_until_ready(f(g))
    for _ in state:
        out = jax.block_until_ready(f(g))
    state.counters["in_bytes"] = g.size * 4
    state.counters["out_bytes"] = out.size * 4
    state.counters["axes"] = len(case["scatter_axes"])


def inputs():
    return ("--filter", "reduce_scatter/", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    print(f"{len(rows)} cases, grid {'x'.join(str(len(v)) for v in GRID.values())}")
    return rows


if __name__ == "__main__":
    main(*inputs())
