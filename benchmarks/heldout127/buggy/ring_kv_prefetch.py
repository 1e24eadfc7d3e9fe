"""benchmarks/attention/bench_ring_attention.py

Ring attention over the sequence axis: K/V blocks travel around the ring with ppermute while
each device keeps its query block, with the online-softmax accumulator. Swept over sequence
length and head dim; the `kv_prefetch` layout gathers the K/V block first (decode path).
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
SEQ = "seq"
PARAMS = {"seq_len": [64, 128], "head_dim": [16], "kv_layout": ["ring", "kv_prefetch"]}


def rotate(t, axis, n):
    return jax.lax.ppermute(t, axis, [(i, (i + 1) % n) for i in range(n)])


def ring_attention(q, k, v, axis, n):
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = jnp.full(q.shape[:-1], -jnp.inf, q.dtype)
    l = jnp.zeros(q.shape[:-1], q.dtype)
    acc = jnp.zeros_like(q)
    for _ in range(n):
        s = jnp.einsum("bqd,bkd->bqk", q, k) * scale
        m_new = jnp.maximum(m, s.max(-1))
        p = jnp.exp(s - m_new[..., None])
        corr = jnp.exp(m - m_new)
        l = l * corr + p.sum(-1)
        acc = acc * corr[..., None] + jnp.einsum("bqk,bkd->bqd", p, v)
        m = m_new
        k = rotate(k, axis, n)
        v = rotate(v, axis, n)
    return acc / l[..., None]


def prefetch(t, axis):
    return jax.lax.all_gather(t, axis, axis=1, tiled=True, to="reduced")


@functools.lru_cache(maxsize=None)
def build(kv_layout):
    n = MESH.shape[SEQ]

    def body(q, k, v):
        if kv_layout == "kv_prefetch":
            k, v = prefetch(k, SEQ), prefetch(v, SEQ)
        return ring_attention(q, k, v, SEQ, n)

    spec = P("batch", SEQ, None)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=(spec, spec, spec), out_specs=spec))


def qkv(seq_len, head_dim):
    rng = np.random.default_rng(0)
    sh = NamedSharding(MESH, P("batch", SEQ, None))
    return [jax.device_put(rng.standard_normal((4, seq_len, head_dim)).astype(np.float32), sh)
            for _ in range(3)]


@benchmark(name="ring_attention", args=list(itertools.product(*PARAMS.values())))
def bm_ring_attention(state):
    seq_len, head_dim, layout = state.range(0), state.range(1), state.range(2)
    q, k, v = qkv(seq_len, head_dim)
    f = build(layout)
    out = jax.block_until_ready(f(q, k, v))
    for _ in state:
        out = jax.block_until_ready(f(q, k, v))
    flops = 4 * q.shape[0] * seq_len * seq_len * head_dim
    state.counters["tflops"] = flops / max(statistics.median(state.times), 1e-9) / 1e12
    state.counters["finite"] = float(jnp.isfinite(out).all())


def inputs():
    return ("--filter", "ring_attention/64", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    assert all(r["finite"] == 1.0 for r in rows)
    return rows


if __name__ == "__main__":
    main(*inputs())
