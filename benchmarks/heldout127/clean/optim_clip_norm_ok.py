"""benchmarks/optim/bench_clip_global_norm.py

Global-norm gradient clipping in the sharded optimizer: per-replica gradients split over
fsdp; the squared norm is summed over fsdp shards and then averaged over the optimizer axes.
Swept over parameter counts and clip thresholds.
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
MESH = jax.make_mesh((4, 2), ("replica", "fsdp"))
OPT_AXES = ("replica",)
GRID = {"n_params": [1024, 4096], "max_norm": [0.5, 1.0]}


def shard_sq_norm(grads):
    return sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))


def global_norm(grads, shard_axis, avg_axes):
    sq = jax.lax.psum(shard_sq_norm(grads), shard_axis)
    return jnp.sqrt(jax.lax.pmean(sq, avg_axes))


def clip(grads, max_norm, norm):
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)


def clip_step(grads, max_norm):
    norm = global_norm(grads, "fsdp", OPT_AXES)
    return clip(grads, max_norm, norm), norm


def build(max_norm):
    specs = {"w": P("replica", "fsdp"), "b": P("replica", "fsdp")}
    body = functools.partial(clip_step, max_norm=max_norm)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=(specs,), out_specs=(specs, P())))


def grads_for(n):
    rows = n // 64
    host = {"w": np.full((4 * rows, 64), 0.01, np.float32), "b": np.full((4, 64), 0.02, np.float32)}
    return {k: jax.device_put(v, NamedSharding(MESH, P("replica", "fsdp"))) for k, v in host.items()}


@benchmark(name="clip_global_norm", args=list(itertools.product(*GRID.values())))
def bm_clip(state):
    n, max_norm = state.range(0), state.range(1)
    g = grads_for(n)
    f = build(max_norm)
    for _ in state:
        clipped, norm = jax.block_until_ready(f(g))
    state.counters["norm"] = float(norm)
    state.counters["params"] = sum(v.size for v in g.values())


def inputs():
    return ("--filter", "clip_global_norm", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
