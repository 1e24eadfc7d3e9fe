"""benchmarks/attention/bench_ring_fetch.py

Ring attention plus the output fetch to a replicated layout (top_level_all_gather), the way
the eval harness reads attention outputs back. The mesh context is entered by a small
context manager around the timed region.
"""
import contextlib
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
MESH = jax.make_mesh((2, 4), ("batch", "seq"))
ATTN_SPEC = P("batch", "seq", None)
FETCH_SPEC = P("batch", None, None, reduced={"seq"})
SWEEP = {"seq_len": [32, 64], "dim": [8]}


def ring_attention(q, k, v):
    n = jax.lax.axis_size("seq")
    perm = [(i, (i + 1) % n) for i in range(n)]
    num, den = jnp.zeros_like(q), jnp.zeros(q.shape[:-1] + (1,))
    for _ in range(n):
        w = jnp.exp(jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1]))
        num, den = num + jnp.einsum("bqk,bkd->bqd", w, v), den + w.sum(-1, keepdims=True)
        k, v = jax.lax.ppermute(k, "seq", perm), jax.lax.ppermute(v, "seq", perm)
    return num / den


ATTN = jax.jit(jax.shard_map(ring_attention, mesh=MESH, in_specs=(ATTN_SPEC,) * 3,
                             out_specs=ATTN_SPEC))


@contextlib.contextmanager
def timed_region(counters, key):
    t0 = time.perf_counter()
    with jax.set_mesh(MESH):
        yield
    counters[key] = counters.get(key, 0.0) + time.perf_counter() - t0


def fetch(o):
    return np.asarray(top_level_all_gather(o, FETCH_SPEC))


@benchmark(name="ring_fetch", args=list(itertools.product(*SWEEP.values())))
def bm_ring_fetch(state):
    seq_len, dim = state.range(0), state.range(1)
    x = jax.device_put(jnp.ones((2, seq_len, dim), jnp.float32), NamedSharding(MESH, ATTN_SPEC))
    for _ in state:
        with timed_region(state.counters, "attn_s"):
            o = jax.block_until_ready(ATTN(x, x, x))
        host = fetch(o)
    state.counters["host_elems"] = host.size


def inputs():
    return ("--filter", "ring_fetch", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
