"""benchmarks/attention/bench_ring_output_dump.py

Ring attention followed by the output dump the numerics team asked for: the sequence shards
are gathered (reduced, so the backward stays cheap), then the dump gathers over the dump axes
of the run configuration. Results and a sample of the dump go to a temporary directory.
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
RUN = {"dump_axes": MESH.axis_names, "seq_axis": "seq", "seq_lens": [32], "dims": [8, 16]}


def ring_attention(q, k, v, axis):
    n = jax.lax.axis_size(axis)
    perm = [(i, (i + 1) % n) for i in range(n)]
    num, den = jnp.zeros_like(q), jnp.zeros(q.shape[:-1] + (1,))
    for _ in range(n):
        w = jnp.exp(jnp.einsum("bqd,bkd->bqk", q, k))
        num = num + jnp.einsum("bqk,bkd->bqd", w, v)
        den = den + w.sum(-1, keepdims=True)
        k = jax.lax.ppermute(k, axis, perm)
        v = jax.lax.ppermute(v, axis, perm)
    return num / den


def gather_sequence(o, seq_axis):
    return jax.lax.all_gather(o, seq_axis, axis=1, tiled=True, to="reduced")


def dump_gather(o, dump_axes):
    return jax.lax.all_gather(o, tuple(dump_axes), axis=0, tiled=True, to="reduced")


def make_body(run):
    def body(q, k, v):
        o = ring_attention(q, k, v, run["seq_axis"])
        o = gather_sequence(o, run["seq_axis"])
        return dump_gather(o, run["dump_axes"])
    return body


def compile_dump(run):
    spec = P("batch", run["seq_axis"], None)
    out = P(None, None, None, reduced=set(run["dump_axes"]))
    return jax.jit(jax.shard_map(make_body(run), mesh=MESH, in_specs=(spec,) * 3, out_specs=out))


@benchmark(name="ring_dump", args=list(itertools.product(RUN["seq_lens"], RUN["dims"])))
def bm_dump(state):
    seq_len, dim = state.range(0), state.range(1)
    spec = NamedSharding(MESH, P("batch", RUN["seq_axis"], None))
    x = jax.device_put(jnp.ones((2, seq_len, dim), jnp.float32) * 0.1, spec)
    f = compile_dump(RUN)
    for _ in state:
        dumped = jax.block_until_ready(f(x, x, x))
    path = Path(tempfile.mkdtemp(prefix="ring-dump-")) / f"out_{seq_len}_{dim}.npy"
    np.save(path, np.asarray(dumped)[:1])
    state.counters["dump_bytes"] = path.stat().st_size


def inputs():
    return ("--filter", "ring_dump", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
