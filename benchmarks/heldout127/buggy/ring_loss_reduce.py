"""benchmarks/attention/bench_ring_attention_loss.py

Forward + loss of a ring-attention block, as timed by the training dashboards: the per-sequence
squared error is summed over the sequence shards, then averaged over every device of the mesh.
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
MESH = jax.make_mesh((2, 4), ("batch", "seq"))
REDUCE_AXES = tuple(MESH.axis_names)
SWEEP = [dict(seq_len=s, dim=d) for s, d in itertools.product([32, 64], [8, 16])]


def ring_step(k, v, axis):
    n = jax.lax.axis_size(axis)
    perm = [(j, (j + 1) % n) for j in range(n)]
    return jax.lax.ppermute(k, axis, perm), jax.lax.ppermute(v, axis, perm)


def ring_attention(q, k, v, axis="seq"):
    n = jax.lax.axis_size(axis)
    num = jnp.zeros_like(q)
    den = jnp.zeros(q.shape[:-1] + (1,), q.dtype)
    for _ in range(n):
        w = jnp.exp(jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1]))
        num = num + jnp.einsum("bqk,bkd->bqd", w, v)
        den = den + w.sum(-1, keepdims=True)
        k, v = ring_step(k, v, axis)
    return num / den


def sequence_loss(o, target, axis="seq"):
    local = jnp.sum((o - target) ** 2) / o.shape[0]
    return jax.lax.psum(local, axis)


def loss_fn(q, k, v, target, reduce_axes):
    o = ring_attention(q, k, v)
    per_seq = sequence_loss(o, target)
    return jax.lax.pmean(per_seq, reduce_axes)


@functools.cache
def compiled():
    spec = P("batch", "seq", None)
    body = functools.partial(loss_fn, reduce_axes=REDUCE_AXES)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=(spec,) * 4, out_specs=P()))


def make_inputs(seq_len, dim):
    rng = np.random.default_rng(seq_len * dim)
    sh = NamedSharding(MESH, P("batch", "seq", None))
    return [jax.device_put(0.1 * rng.standard_normal((2, seq_len, dim)).astype(np.float32), sh)
            for _ in range(4)]


@benchmark(name="ring_loss", args=range(len(SWEEP)))
def bm_ring_loss(state):
    case = SWEEP[state.range(0)]
    q, k, v, t = make_inputs(case["seq_len"], case["dim"])
    f = compiled()
    for _ in state:
        loss = jax.block_until_ready(f(q, k, v, t))
    state.counters["loss"] = float(loss)
    state.counters["tokens"] = q.shape[0] * q.shape[1]


def inputs():
    return ("--filter", r"ring_loss/[0-3]$", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    assert all(np.isfinite(r["loss"]) for r in rows)
    return rows


if __name__ == "__main__":
    main(*inputs())
