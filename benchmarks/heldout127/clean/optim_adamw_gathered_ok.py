"""benchmarks/optim/bench_adamw_full.py

AdamW with the decoupled weight decay applied on the full (fsdp-gathered, reduced) kernel,
as the "gathered update" variant of the optimizer does for small layers; compared with the
sharded update. Variants are selected by name through a registry of update functions.
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
MESH = jax.make_mesh((4, 2), ("replica", "fsdp"))
UPDATES = {}


def update_fn(name):
    def deco(fn):
        UPDATES[name] = fn
        return fn
    return deco


def adam_direction(g, mu, nu, b1=0.9, b2=0.999, eps=1e-8):
    mu = b1 * mu + (1 - b1) * g
    nu = b2 * nu + (1 - b2) * g * g
    return mu / (jnp.sqrt(nu) + eps), mu, nu


@update_fn("sharded")
def sharded_update(w, g, mu, nu, lr, wd, axis):
    d, mu, nu = adam_direction(g, mu, nu)
    return w * (1.0 - lr * wd) - lr * d, mu, nu


@update_fn("gathered")
def gathered_update(w, g, mu, nu, lr, wd, axis):
    d, mu, nu = adam_direction(g, mu, nu)
    w_full = jax.lax.all_gather(w, axis, axis=0, tiled=True, to="invarying")
    d_full = jax.lax.all_gather(d, axis, axis=0, tiled=True, to="invarying")
    new = w_full * (1.0 - lr * wd) - lr * d_full
    idx = jax.lax.axis_index(axis)
    rows = w.shape[0]
    return jax.lax.dynamic_slice_in_dim(new, idx * rows, rows, 0), mu, nu


def build(name, lr=1e-3, wd=0.1, axis="fsdp"):
    fn = UPDATES[name]
    spec = P(axis, None)
    return jax.jit(jax.shard_map(lambda *a: fn(*a, lr=lr, wd=wd, axis=axis), mesh=MESH,
                                 in_specs=(spec,) * 4, out_specs=(spec,) * 3))


@benchmark(name="adamw", args=[(name, rows) for name in UPDATES for rows in (64, 256)])
def bm_adamw(state):
    name, rows = state.range(0), state.range(1)
    sh = NamedSharding(MESH, P("fsdp", None))
    w, g, mu, nu = (jax.device_put(jnp.full((rows, 32), v, jnp.float32), sh) for v in (1.0, 0.1, 0.0, 0.0))
    f = build(name)
    for _ in state:
        w2, _, _ = jax.block_until_ready(f(w, g, mu, nu))
    state.counters["w_mean"] = float(jnp.mean(w2))


def inputs():
    return ("--filter", "adamw/", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    means = {r["name"].split("/")[1]: r["w_mean"] for r in rows}
    print(means)
    return rows


if __name__ == "__main__":
    main(*inputs())
