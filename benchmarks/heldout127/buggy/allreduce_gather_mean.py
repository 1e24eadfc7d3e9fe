"""benchmarks/collectives/bench_allreduce_algbw.py

Algorithmic bandwidth of the gather-based all-reduce used for small tensors (gather every tp
shard, then average locally), per dtype. The counter reports the normalised mean too.
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
MESH = jax.make_mesh((2, 4), ("dp", "tp"))
DTYPES = ["float32", "bfloat16"]
SHAPES = [(8, 32), (8, 128)]


class GatherMeanAllReduce:
    axis = "tp"

    def __init__(self, mesh):
        self.mesh = mesh
        self.n = mesh.shape[self.axis]

    def gather(self, x):
        return jax.lax.all_gather(x, self.axis, axis=0, tiled=False, to="reduced")

    def __call__(self, x):
        stacked = self.gather(x)
        return jnp.mean(stacked, axis=0)

    def jitted(self):
        f = jax.shard_map(self, mesh=self.mesh, in_specs=P("dp", self.axis),
                          out_specs=P("dp", None, reduced={self.axis}))
        return jax.jit(f)


def algbw(nbytes, seconds):
    return nbytes / max(seconds, 1e-9) / 1e9


@benchmark(name="gather_mean", args=list(itertools.product(range(len(DTYPES)), range(len(SHAPES)))))
def bm_gather_mean(state):
    dtype = DTYPES[state.range(0)]
    shape = SHAPES[state.range(1)]
    op = GatherMeanAllReduce(MESH)
    x = jax.device_put(jnp.ones(shape, dtype), NamedSharding(MESH, P("dp", op.axis)))
    f = op.jitted()
    y = jax.block_until_ready(f(x))
    times = []
    for _ in state:
        t0 = time.perf_counter()
        y = jax.block_until_ready(f(x))
        times.append(time.perf_counter() - t0)
    state.counters["algbw_GBps"] = algbw(x.size * x.dtype.itemsize, statistics.median(times))
    state.counters["mean"] = float(jnp.mean(y.astype(jnp.float32)))


def inputs():
    return ("--filter", "gather_mean", "--repetitions", "1", "--out", tempfile.mkdtemp())


def main(*argv):
    rows = run_benchmarks(argv)
    assert all(abs(r["mean"] - 1.0) < 1e-3 for r in rows)
    return rows


if __name__ == "__main__":
    main(*inputs())
