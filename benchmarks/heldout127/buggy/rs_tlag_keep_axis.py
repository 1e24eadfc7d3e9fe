"""benchmarks/collectives/bench_top_level_gather.py

top_level_all_gather (the jit-level gather used before checkpoint writes) swept over which
mesh axis is kept: the array is split P("x", "y"), one axis is gathered, the other kept.
"""
from jax._src.shard_map import top_level_all_gather
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
SOURCE_SPEC = P("x", "y")
SWEEP = {"keep": ["x", "y"], "rows": [32, 64]}


def gathered_spec(source, keep):
    """Keep `keep` sharded on the leading dimension, gather every other axis to reduced."""
    axes = {a for a in source if a is not None}
    return P(keep, None, reduced=axes - {keep})


def place(rows, cols=16):
    host = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)
    return host, jax.device_put(host, NamedSharding(MESH, SOURCE_SPEC))


def gather_once(x, keep):
    spec = gathered_spec(SOURCE_SPEC, keep)
    return top_level_all_gather(x, spec)


@benchmark(name="tlag_keep", args=list(itertools.product(*SWEEP.values())), iterations=2)
def bm_tlag(state):
    keep, rows = state.range(0), state.range(1)
    host, x = place(rows)
    with jax.set_mesh(MESH):
        y = gather_once(x, keep)
        np.testing.assert_array_equal(np.asarray(y), host)
        for _ in state:
            y = jax.block_until_ready(gather_once(x, keep))
    state.counters["local_rows"] = y.addressable_shards[0].data.shape[0]
    state.counters["local_cols"] = y.addressable_shards[0].data.shape[1]


def inputs():
    return ("--filter", "tlag_keep", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    for r in rows:
        assert r["local_rows"] > 0 and r["local_cols"] in (8, 16)
    return rows


if __name__ == "__main__":
    main(*inputs())
