"""benchmarks/optim/bench_sgdm_stats.py

SGD-with-momentum update on fsdp-sharded parameters, with the parameter-norm statistic the
training loop logs. The update runs on the local shards; the statistics helper receives the
parameters the forward pass gathered. Swept over widths and momentum values.
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
SHARD = "fsdp"
GRID = {"width": [64, 128], "momentum": [0.9, 0.99]}


def gather_params(p):
    return jax.lax.all_gather(p, SHARD, axis=0, tiled=True, to="reduced")


def param_norm(p, axis):
    return jnp.sqrt(jax.lax.psum(jnp.sum(p * p), axis))


def sgdm(p, g, m, lr, momentum):
    m = momentum * m + g
    return p - lr * m, m


def train_update(p, g, m, lr, momentum):
    full = gather_params(p)
    stats = {"param_norm": param_norm(full, SHARD)}
    new_p, new_m = sgdm(p, g, m, lr, momentum)
    return new_p, new_m, stats


@functools.lru_cache(maxsize=None)
def compiled(momentum):
    body = functools.partial(train_update, lr=0.1, momentum=momentum)
    spec = P(SHARD, None)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=(spec, spec, spec),
                                 out_specs=(spec, spec, {"param_norm": P()})))


@benchmark(name="sgdm", args=list(itertools.product(*GRID.values())))
def bm_sgdm(state):
    width, momentum = state.range(0), state.range(1)
    spec = NamedSharding(MESH, P(SHARD, None))
    p = jax.device_put(jnp.ones((width, 16), jnp.float32), spec)
    g = jax.device_put(jnp.full((width, 16), 0.01, jnp.float32), spec)
    m = jax.device_put(jnp.zeros((width, 16), jnp.float32), spec)
    f = compiled(momentum)
    for _ in state:
        p2, m2, stats = jax.block_until_ready(f(p, g, m))
    state.counters["param_norm"] = float(stats["param_norm"])


def inputs():
    return ("--filter", "sgdm", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
