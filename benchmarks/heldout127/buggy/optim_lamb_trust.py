"""benchmarks/optim/bench_lamb_trust.py

LAMB update with per-layer trust ratios: weight and update norms are summed over the fsdp
shards; the trust-ratio table (one entry per fsdp shard, reduced) is kept for the optimizer
telemetry. Optimizer variants are registered in a table and swept.
"""
from typing import NamedTuple
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


class Hyper(NamedTuple):
    lr: float
    wd: float
    shard_axis: str
    telemetry_axis: str


OPTIMIZERS = {
    "lamb": Hyper(lr=1e-3, wd=0.01, shard_axis="fsdp", telemetry_axis="fsdp"),
}


def norm_over(x, axis):
    return jnp.sqrt(jax.lax.psum(jnp.sum(x * x), axis))


def lamb_update(w, g, hp):
    u = g / (jnp.abs(g) + 1e-6) + hp.wd * w
    w_norm = norm_over(w, hp.shard_axis)
    u_norm = norm_over(u, hp.shard_axis)
    trust = jnp.where(u_norm > 0, w_norm / u_norm, 1.0)
    table = jax.lax.all_gather(trust, hp.telemetry_axis, to="reduced")
    return w - hp.lr * trust * u, table


def build(name):
    hp = OPTIMIZERS[name]
    spec = P(None, hp.shard_axis)
    return jax.jit(jax.shard_map(lambda w, g: lamb_update(w, g, hp), mesh=MESH,
                                 in_specs=(spec, spec),
                                 out_specs=(spec, P(reduced={hp.telemetry_axis}))))


@benchmark(name="lamb", args=[(name, n) for name in OPTIMIZERS for n in (256, 1024)])
def bm_lamb(state):
    name, n = state.range(0), state.range(1)
    spec = NamedSharding(MESH, P(None, OPTIMIZERS[name].shard_axis))
    w = jax.device_put(jnp.ones((8, n), jnp.float32), spec)
    g = jax.device_put(jnp.full((8, n), 0.1, jnp.float32), spec)
    f = build(name)
    for _ in state:
        w2, table = jax.block_until_ready(f(w, g))
    state.counters["trust_mean"] = float(jnp.mean(table))
    state.counters["delta"] = float(jnp.max(jnp.abs(w2 - w)))


def inputs():
    return ("--filter", "lamb", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
