"""benchmarks/layers/bench_weight_export.py

Export cost of tensor-parallel weights: each registered weight is placed with its training
layout and gathered to the serving layout with top_level_all_gather. The 2-D (FSDP + TP)
layout is the one the large models use.
"""
from jax._src.shard_map import top_level_all_gather
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
WEIGHTS = {}


def weight(name, shape, train_spec, serve_spec):
    WEIGHTS[name] = dict(shape=shape, train=train_spec, serve=serve_spec)


weight("qkv", (64, 192), P(None, "model"), P(None, None, reduced={"model"}))
weight("out_proj", (64, 64), P("model", None), P(None, None, reduced={"model"}))
weight("mlp_up_2d", (64, 256), P("data", "model"), P(None, None, reduced={"data", "model"}))
weight("embed", (128, 64), P("data", None), P(None, None, reduced={"data"}))


def place(name):
    w = WEIGHTS[name]
    host = np.linspace(-1, 1, int(np.prod(w["shape"])), dtype=np.float32).reshape(w["shape"])
    return host, jax.device_put(host, NamedSharding(MESH, w["train"]))


def export(name, x):
    return top_level_all_gather(x, WEIGHTS[name]["serve"])


@benchmark(name="weight_export", args=list(WEIGHTS), iterations=2)
def bm_export(state):
    name = state.range(0)
    host, x = place(name)
    with jax.set_mesh(MESH):
        y = export(name, x)
        np.testing.assert_array_equal(np.asarray(y), host)
        for _ in state:
            y = jax.block_until_ready(export(name, x))
    state.counters["bytes"] = host.nbytes
    state.counters["gathered_axes"] = len(WEIGHTS[name]["serve"].reduced)


def inputs():
    return ("--filter", "weight_export", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    total = sum(r["bytes"] for r in rows)
    print(f"exported {total / 1024:.0f} KiB over {len(rows)} weights")
    return rows


if __name__ == "__main__":
    main(*inputs())
