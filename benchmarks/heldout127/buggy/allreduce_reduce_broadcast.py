"""benchmarks/collectives/bench_reduce_broadcast.py

Reduce-then-broadcast: a psum over the tensor axis followed by the gather the serving stack
uses to hand every replica the full statistics block. Swept over payload sizes.
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
@dataclasses.dataclass(frozen=True)
class CollectiveConfig:
    mesh_shape: tuple = (2, 4)
    axis_names: tuple = ("dp", "tp")
    reduce_axis: str = "tp"
    bcast_axis: str = "tp"
    dtype: str = "float32"

    def mesh(self):
        return jax.make_mesh(self.mesh_shape, self.axis_names)


class ReduceBroadcast:
    """The kernel under test: every tp shard sums its partial statistics, then broadcasts."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.mesh = cfg.mesh()

    def in_spec(self):
        return P(*self.cfg.axis_names)

    def out_spec(self):
        return P(self.cfg.axis_names[0], None, reduced={self.cfg.bcast_axis})

    def _reduce(self, block):
        return jax.lax.psum(block, self.cfg.reduce_axis)

    def _broadcast(self, stats):
        return jax.lax.all_gather(stats, self.cfg.bcast_axis, axis=1, tiled=True, to="reduced")

    def body(self, block):
        stats = self._reduce(block)
        return self._broadcast(stats)

    def compile(self):
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=self.in_spec(),
                           out_specs=self.out_spec())
        return jax.jit(fn)

    def make_input(self, rows, cols):
        host = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) % 7.0
        return jax.device_put(jnp.asarray(host, dtype=self.cfg.dtype),
                              NamedSharding(self.mesh, self.in_spec()))


CONFIG = CollectiveConfig()
SIZES = {"rows": [64, 256], "cols": [128]}


@benchmark(name="reduce_broadcast", args=list(itertools.product(*SIZES.values())))
def bm_reduce_broadcast(state):
    rows, cols = state.range(0), state.range(1)
    kernel = ReduceBroadcast(CONFIG)
    x = kernel.make_input(rows, cols)
    run = kernel.compile()
    for _ in state:
        y = jax.block_until_ready(run(x))
    state.counters["bytes"] = y.size * y.dtype.itemsize
    state.counters["tp"] = kernel.mesh.shape[CONFIG.reduce_axis]


@benchmark(name="psum_only", args=[64, 256])
def bm_psum_only(state):
    kernel = ReduceBroadcast(CONFIG)
    x = kernel.make_input(state.range(0), 128)
    run = jax.jit(jax.shard_map(kernel._reduce, mesh=kernel.mesh, in_specs=kernel.in_spec(),
                                out_specs=P(CONFIG.axis_names[0], None)))
    for _ in state:
        jax.block_until_ready(run(x))


def inputs():
    return ("--filter", "reduce_broadcast|psum_only", "--repetitions", "2")


def main(*argv):
    rows = run_benchmarks(argv)
    assert all(r["median_us"] > 0 for r in rows)
    return rows


if __name__ == "__main__":
    main(*inputs())
