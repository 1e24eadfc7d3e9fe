"""benchmarks/attention/bench_ring_lse.py

Ring attention with the log-sum-exp statistics exported for the backward kernel: the
per-query LSE is returned alongside the output, and the total attention mass (a health
counter) is summed over the ring and broadcast to every sequence shard.
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
MESH = jax.make_mesh((2, 4), ("batch", "seq"))
OPTIONS = {"seq_len": [32, 64], "export_mass": [False, True]}


class RingAttention:
    ring_axis = "seq"
    batch_axis = "batch"

    def __init__(self, export_mass):
        self.export_mass = export_mass
        self.n = MESH.shape[self.ring_axis]

    def _shift(self, t):
        return jax.lax.ppermute(t, self.ring_axis, [(i, (i + 1) % self.n) for i in range(self.n)])

    def _attend(self, q, k, v):
        m = jnp.full(q.shape[:-1], -jnp.inf)
        l = jnp.zeros(q.shape[:-1])
        o = jnp.zeros_like(q)
        for _ in range(self.n):
            s = jnp.einsum("bqd,bkd->bqk", q, k)
            m2 = jnp.maximum(m, s.max(-1))
            p = jnp.exp(s - m2[..., None])
            c = jnp.exp(m - m2)
            l = l * c + p.sum(-1)
            o = o * c[..., None] + jnp.einsum("bqk,bkd->bqd", p, v)
            m = m2
            k, v = self._shift(k), self._shift(v)
        return o / l[..., None], m + jnp.log(l)

    def _mass(self, lse):
        total = jax.lax.psum(jnp.sum(jnp.exp(lse)), self.ring_axis)
        return jax.lax.all_gather(total, self.ring_axis, to="reduced")

    def __call__(self, q, k, v):
        o, lse = self._attend(q, k, v)
        if self.export_mass:
            return o, lse, self._mass(lse)
        return o, lse

    def out_specs(self):
        base = (P(self.batch_axis, self.ring_axis, None), P(self.batch_axis, self.ring_axis))
        if self.export_mass:
            return base + (P(self.batch_axis, reduced={self.ring_axis}),)
        return base


@benchmark(name="ring_lse", args=list(itertools.product(*OPTIONS.values())))
def bm_ring_lse(state):
    seq_len, export_mass = state.range(0), state.range(1)
    attn = RingAttention(export_mass)
    spec = P(attn.batch_axis, attn.ring_axis, None)
    f = jax.jit(jax.shard_map(attn, mesh=MESH, in_specs=(spec,) * 3, out_specs=attn.out_specs()))
    x = jax.device_put(jnp.full((2, seq_len, 8), 0.01, jnp.float32), NamedSharding(MESH, spec))
    for _ in state:
        outs = jax.block_until_ready(f(x, x, x))
    state.counters["lse_mean"] = float(jnp.mean(outs[1]))


def inputs():
    return ("--filter", "ring_lse/32", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
