"""benchmarks/moe/bench_capacity_clip.py

Expert capacity enforcement: the local per-expert token counts are gathered over the expert
axis (reduced) into the global load vector, clipped to the capacity, and the overflow is
reported. Swept over capacity factors with a dict-of-lists grid.
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
MESH = jax.make_mesh((2, 4), ("data", "expert"))
GRID = {"capacity_factor": [1.0, 1.25, 2.0], "tokens": [128]}
NUM_EXPERTS = 4


def local_counts(choice, num_experts):
    return jnp.sum(jax.nn.one_hot(choice, num_experts, dtype=jnp.float32), axis=0)


def global_load(counts, axes):
    return jax.lax.all_gather(counts, axes, axis=0, tiled=False, to="reduced")


def clip_to_capacity(load, capacity):
    kept = jnp.minimum(load, capacity)
    return kept, jnp.sum(load) - jnp.sum(kept)


def make_kernel(capacity, axis="expert"):
    def body(choice):
        load = global_load(local_counts(choice, NUM_EXPERTS), ("data", axis))
        kept, overflow = clip_to_capacity(load, capacity)
        return kept, overflow
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P(("data", axis)),
                                 out_specs=(P(None, None, reduced={"data", axis}), P(reduced={"data", axis}))))


CASES = [dict(zip(GRID, v)) for v in itertools.product(*GRID.values())]


@benchmark(name="capacity_clip", args=range(len(CASES)))
def bm_capacity(state):
    case = CASES[state.range(0)]
    tokens = case["tokens"]
    capacity = case["capacity_factor"] * tokens / MESH.size / NUM_EXPERTS
    choice = jax.device_put(jnp.arange(tokens) % NUM_EXPERTS, NamedSharding(MESH, P(("data", "expert"))))
    f = make_kernel(capacity)
    for _ in state:
        kept, overflow = jax.block_until_ready(f(choice))
    state.counters["overflow"] = float(overflow)
    state.counters["capacity"] = capacity


def inputs():
    return ("--filter", "capacity_clip", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
