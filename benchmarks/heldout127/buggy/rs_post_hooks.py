"""benchmarks/collectives/bench_scatter_vs_psum.py

psum_scatter against psum + local slice, with a post-hook per collective that rebuilds the
full buffer (tiled all_gather to reduced) so both variants return the same thing.
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
AXIS = "x"
HOOKS = {}


def post_hook(kind):
    def deco(fn):
        HOOKS[kind] = fn
        return fn
    return deco


@post_hook("psum_scatter")
def regather_scattered(part, axis):
    return jax.lax.all_gather(part, axis, axis=0, tiled=True, to="reduced")


@post_hook("psum")
def regather_summed(total, axis):
    return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")


def collective(kind, axis):
    if kind == "psum_scatter":
        return lambda g: jax.lax.psum_scatter(g, axis, scatter_dimension=0, tiled=True)
    n = MESH.shape[axis]

    def psum_then_slice(g):
        total = jax.lax.psum(g, axis)
        rows = total.shape[0] // n
        return jax.lax.dynamic_slice_in_dim(total, jax.lax.axis_index(axis) * rows, rows, 0)

    return psum_then_slice if kind == "psum_slice" else (lambda g: jax.lax.psum(g, axis))


def build(kind, rows, cols):
    op = collective(kind, AXIS)
    hook = HOOKS.get(kind, lambda v, axis: v)

    def body(g):
        return hook(op(g), AXIS)

    reduced = {AXIS} if kind in HOOKS else set()
    out = P(None, "y", reduced=reduced) if reduced else P(AXIS, "y")
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P(AXIS, "y"), out_specs=out))


KINDS = ["psum_scatter", "psum_slice", "psum"]
SIZES = {"rows": [32], "cols": [16, 64]}


@benchmark(name="scatter_vs_psum",
           args=[(k, r, c) for k in range(len(KINDS)) for r, c in itertools.product(*SIZES.values())])
def bm(state):
    kind = KINDS[state.range(0)]
    rows, cols = state.range(1), state.range(2)
    g = jax.device_put(jnp.ones((rows, cols), jnp.float32), NamedSharding(MESH, P(AXIS, "y")))
    f = build(kind, rows, cols)
    for _ in state:
        out = jax.block_until_ready(f(g))
    state.counters["sum"] = float(jnp.sum(out))


def inputs():
    return ("--filter", "scatter_vs_psum", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
