"""benchmarks/collectives/bench_ag_rs_roundtrip.py

All-gather followed by reduce-scatter (the FSDP forward/backward pair) on one axis, with the
gather flavour chosen per case. The pair should give back axis-size times the input.
"""
from typing import Callable, NamedTuple
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


class Pair(NamedTuple):
    gather: Callable
    scatter: Callable
    label: str


def ag(flavour):
    def gather(w, axis):
        return jax.lax.all_gather(w, axis, axis=0, tiled=True, to=flavour)
    return gather


def rs(w, axis):
    return jax.lax.psum_scatter(w, axis, scatter_dimension=0, tiled=True)


PAIRS = [
    Pair(ag("varying"), rs, "ag_varying+rs"),
    Pair(ag("reduced"), rs, "ag_reduced+rs"),
]
SWEEP = {"pair": list(range(len(PAIRS))), "axis": ["x"], "rows": [32, 128]}


def roundtrip_kernel(pair, axis):
    def body(w):
        full = pair.gather(w, axis)
        return pair.scatter(full, axis)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P(axis, None), out_specs=P(axis, None)))


def check(out, w, n):
    np.testing.assert_allclose(np.asarray(out), n * np.asarray(w), rtol=1e-5)


@benchmark(name="ag_rs_roundtrip", args=list(itertools.product(*SWEEP.values())))
def bm_roundtrip(state):
    pair = PAIRS[state.range(0)]
    axis = state.range(1)
    rows = state.range(2)
    w = jax.device_put(jnp.linspace(-1.0, 1.0, rows * 16).reshape(rows, 16),
                       NamedSharding(MESH, P(axis, None)))
    f = roundtrip_kernel(pair, axis)
    out = jax.block_until_ready(f(w))
    check(out, w, MESH.shape[axis])
    for _ in state:
        out = jax.block_until_ready(f(w))
    state.counters["bytes_moved"] = 2 * w.size * 4


def inputs():
    return ("--filter", "ag_rs_roundtrip", "--repetitions", "2")


def main(*argv):
    rows = run_benchmarks(argv)
    return rows


if __name__ == "__main__":
    main(*inputs())
