"""benchmarks/moe/bench_expert_export.py

Export of expert-parallel weights to the serving layout (experts stay split over the expert
axis, the FSDP split over data is gathered). The parameter tree is placed with jax.tree.map
over a specs tree and exported leaf by leaf with top_level_all_gather.
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
MESH = jax.make_mesh((2, 4), ("data", "expert"))
E, D, F = 8, 16, 32

TRAIN_SPECS = {
    "router": P(None, "data"),
    "w_in": P("expert", None, "data"),
    "w_out": P("expert", "data", None),
}
SERVE_SPECS = {
    "router": P(None, None, reduced={"data"}),
    "w_in": P("expert", None, None, reduced={"data"}),
    "w_out": P("data", None, None, reduced={"expert"}),
}
SHAPES = {"router": (D, E), "w_in": (E, D, F), "w_out": (E, F, D)}


def init_params():
    rng = np.random.default_rng(0)
    return {k: rng.standard_normal(s).astype(np.float32) for k, s in SHAPES.items()}


def place(params):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(MESH, s)), params, TRAIN_SPECS,
                        is_leaf=lambda x: isinstance(x, P))


def export(placed):
    return {k: top_level_all_gather(v, SERVE_SPECS[k]) for k, v in placed.items()}


@benchmark(name="expert_export", args=[1, 2], iterations=2)
def bm_export(state):
    host = init_params()
    placed = place(host)
    with jax.set_mesh(MESH):
        out = export(placed)
        for _ in state:
            out = jax.block_until_ready(export(placed))
    for k in host:
        np.testing.assert_array_equal(np.asarray(out[k]), host[k])
    state.counters["params"] = sum(a.size for a in host.values())
    state.counters["serve_shards"] = len(out["w_in"].addressable_shards)


def inputs():
    return ("--filter", "expert_export/1", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
