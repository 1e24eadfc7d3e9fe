"""benchmarks/layers/bench_2d_matmul.py

2-D tensor-parallel matmul (x split over data on rows and model on the contraction, W split
over model on the contraction): partial products are summed over model, then the logits'
norm is reduced over the axes the sweep names. Swept over sizes and reduction choices.
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
MESH = jax.make_mesh((2, 4), ("data", "model"))
NORM_AXES = {
    "batch_only": ("data",),
    "everything": ("data", "model"),
}
GRID = {"m": [32], "k": [64, 128], "n": [32], "norm": list(NORM_AXES)}


def matmul_2d(x, w):
    return jax.lax.psum(x @ w, "model")


def squared_norm(y, axes):
    s = jnp.sum(y * y)
    # y is already summed over model: cast the axes it is invariant on, then sum the copies
    invariant = tuple(a for a in axes if a not in jax.typeof(s).mat.varying)
    if invariant:
        s = jax.lax.pcast(s, invariant, to="varying") / np.prod([jax.lax.axis_size(a) for a in invariant])
    return jax.lax.psum(s, axes)


def body(x, w, norm_axes):
    y = matmul_2d(x, w)
    return y, squared_norm(y, norm_axes)


def build(norm):
    fn = functools.partial(body, norm_axes=NORM_AXES[norm])
    return jax.jit(jax.shard_map(fn, mesh=MESH, in_specs=(P("data", "model"), P("model", None)),
                                 out_specs=(P("data", None), P())))


def operands(m, k, n):
    x = np.ones((m, k), np.float32) / k
    w = np.ones((k, n), np.float32)
    return (jax.device_put(x, NamedSharding(MESH, P("data", "model"))),
            jax.device_put(w, NamedSharding(MESH, P("model", None))))


CASES = [dict(zip(GRID, v)) for v in itertools.product(*GRID.values())]


@benchmark(name="matmul_2d", args=[[i] for i in range(len(CASES))])
def bm_2d(state):
    c = CASES[state.range(0)]
    x, w = operands(c["m"], c["k"], c["n"])
    f = build(c["norm"])
    for _ in state:
        y, sq = jax.block_until_ready(f(x, w))
    assert np.allclose(np.asarray(y), 1.0)
    state.counters["sq_norm"] = float(sq)
    state.counters["gflop"] = 2 * c["m"] * c["k"] * c["n"] / 1e9


def inputs():
    return ("--filter", "matmul_2d", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
