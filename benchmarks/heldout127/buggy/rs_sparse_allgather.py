"""benchmarks/collectives/bench_sparse_allgather.py

Threshold-sparsified all-gather (gradient compression): gather the activations over y, zero
everything under the threshold, count the survivors. Swept over thresholds and dtypes.
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
MESH = jax.make_mesh((4, 2), ("x", "y"))
GRID = {
    "threshold": [0.25, 0.5],
    "dtype": [jnp.float32, jnp.bfloat16],
}
CFG = {"gather_axis": "y", "batch_axis": "x", "cols": 32}


def sparsify(full, threshold):
    return jnp.where(jnp.abs(full) > threshold, full, jnp.zeros_like(full))


def sparse_gather(x, cfg, threshold):
    full = jax.lax.all_gather(x, cfg["gather_axis"], axis=1, tiled=True, to="reduced")
    return sparsify(full, threshold)


def make_kernel(cfg, threshold):
    g, b = cfg["gather_axis"], cfg["batch_axis"]
    body = functools.partial(sparse_gather, cfg=cfg, threshold=threshold)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P(b, g),
                                 out_specs=P(b, None, reduced={g})))


def make_input(cfg, dtype):
    host = np.sin(np.arange(16 * cfg["cols"], dtype=np.float32)).reshape(16, cfg["cols"])
    return jax.device_put(jnp.asarray(host, dtype), NamedSharding(MESH, P(cfg["batch_axis"], cfg["gather_axis"])))


CASES = list(itertools.product(*GRID.values()))


@benchmark(name="sparse_allgather", args=range(len(CASES)))
def bm_sparse(state):
    threshold, dtype = CASES[state.range(0)]
    x = make_input(CFG, dtype)
    f = make_kernel(CFG, threshold)
    for _ in state:
        out = jax.block_until_ready(f(x))
    state.counters["density"] = float(jnp.mean((out != 0).astype(jnp.float32)))
    state.counters["threshold"] = threshold


def inputs():
    return ("--filter", "sparse_allgather", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    assert all(0.0 < r["density"] < 1.0 for r in rows)
    return rows


if __name__ == "__main__":
    main(*inputs())
