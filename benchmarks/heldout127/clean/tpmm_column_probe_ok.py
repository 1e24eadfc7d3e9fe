"""benchmarks/layers/bench_column_probe.py

Column-parallel projection with an activation probe: the probe collects the full activation
matrix on every device for the numerics dashboard. Which axes the probe gathers over comes
from the layout table of the sharding config.
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
MESH = jax.make_mesh((2, 4), ("data", "model"))

LAYOUT = {
    "batch": "data",
    "hidden": "model",
    "probe": ("data",),
}
SWEEP = {"tokens": [16, 32], "d_in": [32], "d_out": [64, 128]}


def column_parallel(x, w):
    return jnp.tanh(x @ w)


def gather_hidden(h):
    return jax.lax.all_gather(h, LAYOUT["hidden"], axis=1, tiled=True, to="reduced")


def probe(h):
    return jax.lax.all_gather(h, LAYOUT["probe"], axis=0, tiled=True, to="reduced")


def probed_projection(x, w):
    h = column_parallel(x, w)
    full = gather_hidden(h)
    return h, probe(full)


def compile_probed():
    b, m = LAYOUT["batch"], LAYOUT["hidden"]
    return jax.jit(jax.shard_map(
        probed_projection, mesh=MESH,
        in_specs=(P(b, None), P(None, m)),
        out_specs=(P(b, m), P(None, None, reduced={b, m}))))


@benchmark(name="column_probe", args=list(itertools.product(*SWEEP.values())))
def bm_probe(state):
    tokens, d_in, d_out = state.range(0), state.range(1), state.range(2)
    x = jax.device_put(jnp.full((tokens, d_in), 0.1), NamedSharding(MESH, P(LAYOUT["batch"], None)))
    w = jax.device_put(jnp.full((d_in, d_out), 0.2), NamedSharding(MESH, P(None, LAYOUT["hidden"])))
    f = compile_probed()
    for _ in state:
        h, seen = jax.block_until_ready(f(x, w))
    state.counters["probe_elems"] = seen.size
    state.counters["act_max"] = float(jnp.max(h))


def inputs():
    return ("--filter", "column_probe/16", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
