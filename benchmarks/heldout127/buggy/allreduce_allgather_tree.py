"""benchmarks/collectives/bench_allgather_tree.py

Tree all-gather: gather inside the tensor axis first, then across the whole slice; compared
with the flat gather over every axis at once. Sweeps the row count.
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
ROWS = [16, 64]
COLS = 32


def all_axes(mesh):
    return tuple(mesh.axis_names)


def flat_gather(x, mesh):
    return jax.lax.all_gather(x, all_axes(mesh), axis=0, tiled=True, to="reduced")


def tree_gather(x, mesh):
    inner = jax.lax.all_gather(x, "tp", axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(inner, all_axes(mesh), axis=0, tiled=True, to="reduced")


STRATEGIES = {}


def strategy(name, in_spec, out_spec):
    def deco(fn):
        STRATEGIES[name] = (fn, in_spec, out_spec)
        return fn
    return deco


strategy("flat", P(("dp", "tp"), None), P(None, None, reduced={"dp", "tp"}))(flat_gather)
strategy("tree", P("dp", "tp"), P(None, None, reduced={"dp", "tp"}))(tree_gather)


def build(name, mesh):
    fn, in_spec, out_spec = STRATEGIES[name]
    body = lambda x: fn(x, mesh)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=in_spec, out_specs=out_spec)), in_spec


def run_strategy(state, name):
    rows = state.range(0)
    kernel, in_spec = build(name, MESH)
    host = np.random.default_rng(rows).standard_normal((rows, COLS)).astype(np.float32)
    x = jax.device_put(host, NamedSharding(MESH, in_spec))
    out = jax.block_until_ready(kernel(x))
    np.testing.assert_allclose(np.asarray(out), host, rtol=1e-6)
    for _ in state:
        jax.block_until_ready(kernel(x))
    state.counters["gathered_bytes"] = out.size * out.dtype.itemsize
    state.counters["strategy_" + name] = 1


@benchmark(name="allgather/flat", args=ROWS)
def bm_flat(state):
    run_strategy(state, "flat")


@benchmark(name="allgather/tree", args=ROWS)
def bm_tree(state):
    run_strategy(state, "tree")


def inputs():
    return ("--filter", r"^allgather/", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    print(json.dumps({r["name"]: round(r["median_us"], 1) for r in rows}))
    return rows


if __name__ == "__main__":
    main(*inputs())
