"""benchmarks/e2e/bench_train_then_export.py

Train for a few steps, then export the parameters for serving: the jitted step returns the
parameters with its out_shardings, and the exporter derives each serving spec from the
training spec (keep the first sharded axis, gather the rest) for top_level_all_gather.
"""
import functools
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
MESH = jax.make_mesh((2, 4), ("dp", "mp"))
TRAIN_SPECS = {
    "embed": P("mp", None),
    "w_in": P("dp", "mp"),
    "w_out": P(("dp", "mp"), None),
}
SHAPES = {"embed": (64, 16), "w_in": (16, 64), "w_out": (64, 16)}


def serving_spec(train_spec):
    """Keep the leading dimension's sharding, gather everything else."""
    lead, *rest = tuple(train_spec)
    if isinstance(lead, tuple):
        lead = lead[0]  # a stacked leading dimension keeps its outer axis
    gathered = {a for e in rest if e is not None for a in (e if isinstance(e, tuple) else (e,))}
    return P(lead, *([None] * len(rest)), reduced=gathered)


def sgd(params, grads, lr=0.01):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def make_step():
    shardings = {k: NamedSharding(MESH, s) for k, s in TRAIN_SPECS.items()}

    def loss(params, x):
        # smoke-test objective: pulls every weight towards the batch mean (no matmuls, so the
        # timing is the optimizer + export path only)
        target = jnp.mean(x)
        return sum(jnp.sum((jnp.tanh(p) - target) ** 2) for p in jax.tree.leaves(params))

    @functools.partial(jax.jit, out_shardings=shardings)
    def step(params, x):
        return sgd(params, jax.grad(loss)(params, x))

    return step, shardings


def export(params):
    return {k: top_level_all_gather(v, serving_spec(TRAIN_SPECS[k])) for k, v in params.items()}


@benchmark(name="train_export", args=[2, 4], iterations=1)
def bm_train_export(state):
    step, shardings = make_step()
    params = {k: jax.device_put(np.full(s, 0.05, np.float32), shardings[k]) for k, s in SHAPES.items()}
    x = jax.device_put(np.ones((8, 64), np.float32), NamedSharding(MESH, P("dp", None)))
    with jax.set_mesh(MESH):
        for _ in range(state.range(0)):
            params = step(params, x)
        for _ in state:
            served = jax.block_until_ready(export(params))
    state.counters["served_leaves"] = len(served)
    state.counters["steps"] = state.range(0)


def inputs():
    return ("--filter", "train_export/2", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
