"""benchmarks/collectives/bench_allreduce_kinds.py

All-reduce bandwidth across the mesh: flat psum, pmean, and the two-stage (hierarchical)
all-reduce the trainer uses on multi-host slices, swept over mesh shapes and dtypes.
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
MESH_SHAPES = [(2, 4), (4, 2)]
AXES = ("dp", "tp")
GRID = {
    "kind": ["flat", "mean", "hier"],
    "dtype": ["float32", "bfloat16"],
    "mbytes": [1],
}


def make_mesh(shape):
    return jax.make_mesh(shape, AXES)


def flat_allreduce(x, axes):
    return jax.lax.psum(x, axes)


def mean_allreduce(x, axes):
    return jax.lax.pmean(x, axes)


def hierarchical_allreduce(x, axes):
    # stage 1: reduce inside the fast (intra-host) axis; stage 2: across the whole slice
    inner, outer = axes[-1], axes[:-1]
    x = jax.lax.psum(x, inner)
    return jax.lax.psum(x, outer)


KINDS = {
    "flat": flat_allreduce,
    "mean": mean_allreduce,
    "hier": hierarchical_allreduce,
}


def payload(mesh, mbytes, dtype):
    itemsize = jnp.dtype(dtype).itemsize
    n = mbytes * (1 << 20) // itemsize
    cols = 256
    rows = max(n // cols, mesh.size) // mesh.size * mesh.size
    host = np.linspace(0.0, 1.0, rows * cols, dtype=np.float32).reshape(rows, cols)
    return jax.device_put(jnp.asarray(host, dtype=dtype), NamedSharding(mesh, P(AXES, None)))


def build_kernel(mesh, kind):
    reduce_fn = functools.partial(KINDS[kind], axes=AXES)

    def body(block):
        partial = jnp.sum(block.astype(jnp.float32), axis=0, keepdims=True)
        return reduce_fn(partial)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(AXES, None), out_specs=P(None, None)))


def bus_bandwidth(nbytes, seconds, n):
    # ring all-reduce moves 2 (n - 1) / n of the buffer per device
    return 2.0 * (n - 1) / n * nbytes / max(seconds, 1e-9) / 1e9


CASES = [dict(zip(GRID, combo)) for combo in itertools.product(*GRID.values())]
_MESHES = {}


def _mesh(i):
    if i not in _MESHES:
        _MESHES[i] = make_mesh(MESH_SHAPES[i])
    return _MESHES[i]


@benchmark(name="allreduce", args=[(m, c) for m in range(len(MESH_SHAPES)) for c in range(len(CASES))],
           iterations=2)
def bm_allreduce(state):
    mesh = _mesh(state.range(0))
    case = CASES[state.range(1)]
    x = payload(mesh, case["mbytes"], case["dtype"])
    kernel = build_kernel(mesh, case["kind"])
    out = jax.block_until_ready(kernel(x))
    expected = np.asarray(x, dtype=np.float32).sum(axis=0)
    if case["kind"] == "mean":
        expected = expected / mesh.size
    np.testing.assert_allclose(np.asarray(out[0], dtype=np.float32), expected, rtol=5e-2)
    t0 = time.perf_counter()
    for _ in state:
        out = jax.block_until_ready(kernel(x))
    elapsed = (time.perf_counter() - t0) / max(state.iterations, 1)
    nbytes = x.size * x.dtype.itemsize // mesh.size
    state.counters["bus_GBps"] = bus_bandwidth(nbytes, elapsed, mesh.size)
    state.counters["devices"] = mesh.size


def inputs():
    return ("--filter", "allreduce/0/", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    assert rows, "no benchmark matched the filter"
    return rows


if __name__ == "__main__":
    main(*inputs())
