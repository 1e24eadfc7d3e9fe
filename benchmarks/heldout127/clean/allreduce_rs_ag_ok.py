"""benchmarks/collectives/bench_rs_ag_allreduce.py

All-reduce built from a reduce-scatter followed by an all-gather over the whole mesh (the
bandwidth-optimal decomposition), compared with psum over the same axes. Swept over dtypes,
axis choices and payload sizes with a dict-of-lists grid.
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
MESH = jax.make_mesh((2, 4), ("dp", "tp"))
GRID = {
    "axes": [("dp", "tp"), ("tp",)],
    "dtype": ["float32", "bfloat16"],
    "rows": [64, 256],
}


def rs_ag_allreduce(x, axes):
    part = jax.lax.psum_scatter(x, axes, scatter_dimension=0, tiled=True)
    return jax.lax.all_gather(part, axes, axis=0, tiled=True, to="invarying")


def psum_allreduce(x, axes):
    return jax.lax.psum(x, axes)


IMPLS = {"rs_ag": rs_ag_allreduce, "psum": psum_allreduce}


@functools.lru_cache(maxsize=None)
def build(impl, axes):
    fn = functools.partial(IMPLS[impl], axes=axes)

    def body(x):
        # make the contribution differ per device, as real partial sums do
        idx = sum(jax.lax.axis_index(a) * 10 ** i for i, a in enumerate(axes))
        return fn(x + idx.astype(x.dtype))

    # every device contributes a full-size partial buffer: nothing is split on the way in
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P(None, None), out_specs=P(None, None)))


CASES = [dict(zip(GRID, v)) for v in itertools.product(*GRID.values())]


@benchmark(name="rs_ag_allreduce", args=[(impl, i) for impl in IMPLS for i in range(len(CASES))])
def bm(state):
    impl, case = state.range(0), CASES[state.range(1)]
    x = jax.device_put(jnp.ones((case["rows"], 64), case["dtype"]), NamedSharding(MESH, P(None, None)))
    f = build(impl, case["axes"])
    out = jax.block_until_ready(f(x))
    for _ in state:
        out = jax.block_until_ready(f(x))
    state.counters["checksum"] = float(jnp.sum(out.astype(jnp.float32)))


def inputs():
    return ("--filter", r"rs_ag_allreduce/.*/[0-3]$", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    sums = {}
    for r in rows:
        sums.setdefault(r["name"].split("/")[-1], set()).add(round(r["checksum"]))
    assert all(len(v) == 1 for v in sums.values()), sums
    return rows


if __name__ == "__main__":
    main(*inputs())
