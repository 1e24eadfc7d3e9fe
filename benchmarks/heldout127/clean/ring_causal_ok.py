"""benchmarks/attention/bench_causal_ring.py

Causal ring attention: blocks from later sequence shards are masked by comparing ring
positions (axis_index). Also exports the per-shard attention mass table: the ring-summed
mass is cast back to varying before the reduced gather, as the telemetry expects.
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
AXIS = "seq"
SWEEP = {"seq_len": [32, 64], "dim": [8]}


def causal_ring(q, k, v, axis):
    n = jax.lax.axis_size(axis)
    me = jax.lax.axis_index(axis)
    perm = [(i, (i + 1) % n) for i in range(n)]
    blk = q.shape[1]
    qi = me * blk + jnp.arange(blk)[:, None]
    num = jnp.zeros_like(q)
    den = jnp.zeros(q.shape[:-1] + (1,), q.dtype)
    src = me
    for _ in range(n):
        kj = src * blk + jnp.arange(blk)[None, :]
        w = jnp.exp(jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1]))
        w = jnp.where(kj <= qi, w, 0.0)
        num = num + jnp.einsum("bqk,bkd->bqd", w, v)
        den = den + w.sum(-1, keepdims=True)
        k = jax.lax.ppermute(k, axis, perm)
        v = jax.lax.ppermute(v, axis, perm)
        src = (src - 1) % n
    return num / den, den


def mass_table(den, axis):
    total = jax.lax.psum(jnp.sum(den), axis)
    total = jax.lax.pcast(total, axis, to="varying")
    table = jax.lax.all_gather(total, axis, to="reduced")
    return table * table


def body(q, k, v):
    o, den = causal_ring(q, k, v, AXIS)
    return o, mass_table(den, AXIS)


@functools.cache
def compiled():
    spec = P("batch", AXIS, None)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=(spec,) * 3,
                                 out_specs=(spec, P("batch", reduced={AXIS}))))


@benchmark(name="causal_ring", args=list(itertools.product(*SWEEP.values())))
def bm_causal(state):
    seq_len, dim = state.range(0), state.range(1)
    spec = NamedSharding(MESH, P("batch", AXIS, None))
    rng = np.random.default_rng(seq_len)
    q, k, v = (jax.device_put(rng.standard_normal((2, seq_len, dim)).astype(np.float32), spec)
               for _ in range(3))
    f = compiled()
    for _ in state:
        o, table = jax.block_until_ready(f(q, k, v))
    ref = np.asarray(o)
    s = np.einsum("bqd,bkd->bqk", np.asarray(q), np.asarray(k)) / np.sqrt(dim)
    s = np.where(np.tril(np.ones((seq_len, seq_len), bool)), np.exp(s), 0.0)
    want = np.einsum("bqk,bkd->bqd", s, np.asarray(v)) / s.sum(-1, keepdims=True)
    np.testing.assert_allclose(ref, want, rtol=2e-4, atol=2e-5)
    state.counters["table_entries"] = table.shape[0]


def inputs():
    return ("--filter", "causal_ring", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
