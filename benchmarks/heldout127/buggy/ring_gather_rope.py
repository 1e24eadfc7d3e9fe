"""benchmarks/attention/bench_allgather_attention.py

Baseline for ring attention: gather all keys/values over the sequence axis, apply rotary
position embeddings to the gathered keys, and attend locally. Swept over sequence lengths
and rotary bases.
"""
import dataclasses
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
@dataclasses.dataclass
class AttnConfig:
    batch_axis: str = "batch"
    seq_axis: str = "seq"
    head_dim: int = 16
    rope_base: float = 10000.0


MESH = jax.make_mesh((2, 4), ("batch", "seq"))
SWEEP = {"seq_len": [32, 64], "rope_base": [10000.0, 500000.0]}


def rope_tables(seq_len, dim, base):
    inv = 1.0 / (base ** (np.arange(0, dim, 2, dtype=np.float32) / dim))
    ang = np.outer(np.arange(seq_len, dtype=np.float32), inv)
    return jnp.asarray(np.cos(ang)), jnp.asarray(np.sin(ang))


def apply_rope(x, cos, sin):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return jnp.concatenate([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)


class GatherAttention:
    def __init__(self, cfg, seq_len):
        self.cfg = cfg
        self.cos, self.sin = rope_tables(seq_len, cfg.head_dim, cfg.rope_base)

    def gather_kv(self, k, v):
        ax = self.cfg.seq_axis
        k = jax.lax.all_gather(k, ax, axis=1, tiled=True, to="reduced")
        v = jax.lax.all_gather(v, ax, axis=1, tiled=True, to="reduced")
        return k, v

    def __call__(self, q, k, v):
        k, v = self.gather_kv(k, v)
        k = apply_rope(k, self.cos, self.sin)
        s = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)

    def compile(self):
        spec = P(self.cfg.batch_axis, self.cfg.seq_axis, None)
        return jax.jit(jax.shard_map(self, mesh=MESH, in_specs=(spec,) * 3, out_specs=spec))


@benchmark(name="allgather_attention", args=list(itertools.product(*SWEEP.values())))
def bm_attention(state):
    seq_len, base = state.range(0), state.range(1)
    cfg = AttnConfig(rope_base=base)
    attn = GatherAttention(cfg, seq_len)
    sh = NamedSharding(MESH, P(cfg.batch_axis, cfg.seq_axis, None))
    x = jax.device_put(jnp.ones((4, seq_len, cfg.head_dim), jnp.float32), sh)
    f = attn.compile()
    for _ in state:
        out = jax.block_until_ready(f(x, x, x))
    state.counters["out_norm"] = float(jnp.linalg.norm(out))


def inputs():
    return ("--filter", "allgather_attention", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
