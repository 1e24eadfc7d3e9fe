"""benchmarks/moe/bench_expert_load.py

Router load statistics timed alongside the dispatch: per-expert token counts are summed over
the expert group and gathered into a capacity table (reduced) that every shard reads. The
statistics pipeline is a list of named stages registered with a decorator.
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
NUM_EXPERTS = 8
STAGES = []


def stage(fn):
    STAGES.append(fn)
    return fn


@stage
def route(logits, ctx):
    ctx["choice"] = jnp.argmax(logits, axis=-1)
    return logits


@stage
def count(logits, ctx):
    ctx["counts"] = jnp.sum(jax.nn.one_hot(ctx["choice"], NUM_EXPERTS), axis=0)
    return logits


@stage
def sync_counts(logits, ctx):
    ctx["counts"] = jax.lax.psum(ctx["counts"], ctx["group_axis"])
    return logits


@stage
def capacity_table(logits, ctx):
    ctx["table"] = jax.lax.all_gather(ctx["counts"], ctx["group_axis"], axis=0, to="reduced")
    return logits


def statistics_body(logits, group_axis):
    ctx = {"group_axis": group_axis}
    for fn in STAGES:
        logits = fn(logits, ctx)
    return ctx["table"]


def build(group_axis):
    out = P("data", None, reduced={group_axis})
    return jax.jit(jax.shard_map(lambda l: statistics_body(l, group_axis), mesh=MESH,
                                 in_specs=P("data", group_axis), out_specs=out))


SWEEP = {"tokens": [64, 128]}


@benchmark(name="expert_load", args=SWEEP["tokens"])
def bm_load(state):
    tokens = state.range(0)
    logits = np.tile(np.eye(NUM_EXPERTS, dtype=np.float32), (tokens // NUM_EXPERTS, 1))
    x = jax.device_put(logits, NamedSharding(MESH, P("data", "expert")))
    f = build("expert")
    for _ in state:
        table = jax.block_until_ready(f(x))
    state.counters["max_load"] = float(np.max(np.asarray(table)))
    state.counters["stages"] = len(STAGES)


def inputs():
    return ("--filter", "expert_load", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
