"""benchmarks/collectives/bench_ring_allreduce.py

Hand-written ring all-reduce (reduce-scatter + all-gather phases by ppermute) against
jax.lax.psum. The `prefetch` variant gathers the row block first, as the old pipeline did.
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
MESH = jax.make_mesh((2, 4), ("dp", "tp"))
RING_AXIS = "tp"
PARAMS = {"cols": [64, 256], "prefetch": [False, True]}


def ring_pairs(n):
    return [(i, (i + 1) % n) for i in range(n)]


def ring_allreduce(x, axis, n):
    """Sum x over `axis` by passing the running partial around the ring n - 1 times."""
    acc = x
    msg = x
    for _ in range(n - 1):
        msg = jax.lax.ppermute(msg, axis, ring_pairs(n))
        acc = acc + msg
    return acc


def prefetch_rows(x, axis):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")


def make_body(axis, n, prefetch):
    def body(x):
        if prefetch:
            x = prefetch_rows(x, axis)
        return ring_allreduce(x, axis, n)
    return body


@functools.lru_cache(maxsize=None)
def compiled(cols, prefetch):
    n = MESH.shape[RING_AXIS]
    body = make_body(RING_AXIS, n, prefetch)
    rows_spec = P("dp", None) if prefetch else P("dp", RING_AXIS)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P("dp", RING_AXIS),
                                 out_specs=rows_spec))


def psum_reference(cols):
    f = jax.shard_map(lambda x: jax.lax.psum(x, RING_AXIS), mesh=MESH,
                      in_specs=P("dp", RING_AXIS), out_specs=P("dp", None))
    return jax.jit(f)


@benchmark(name="ring_allreduce", args=list(itertools.product(*PARAMS.values())))
def bm_ring(state):
    cols, prefetch = state.range(0), state.range(1)
    x = jax.device_put(jnp.ones((8, cols), jnp.float32), NamedSharding(MESH, P("dp", RING_AXIS)))
    f = compiled(cols, prefetch)
    y = jax.block_until_ready(f(x))
    for _ in state:
        y = jax.block_until_ready(f(x))
    state.counters["checksum"] = float(jnp.sum(y))


@benchmark(name="psum_baseline", args=PARAMS["cols"])
def bm_psum(state):
    cols = state.range(0)
    x = jax.device_put(jnp.ones((8, cols), jnp.float32), NamedSharding(MESH, P("dp", RING_AXIS)))
    f = psum_reference(cols)
    for _ in state:
        jax.block_until_ready(f(x))


def inputs():
    return ("--filter", "ring_allreduce|psum_baseline", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
