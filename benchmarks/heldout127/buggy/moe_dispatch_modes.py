"""benchmarks/moe/bench_moe_dispatch.py

MoE token dispatch/combine with all_to_all over the expert axis, swept over capacity factors
and dispatch modes. `replicated_router` gathers the token block over the expert axis first
(reduced), as in the router-replicated design doc, before the dispatch all_to_all.
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
MESH = jax.make_mesh((2, 4), ("data", "expert"))
EXPERT = "expert"
NUM_EXPERTS = 4
GRID = {
    "tokens": [64],
    "d_model": [16, 32],
    "mode": ["sharded_router", "replicated_router"],
}


def dispatch(x, axis):
    # x: [experts * capacity, d] grouped by destination expert
    return jax.lax.all_to_all(x, axis, split_axis=0, concat_axis=0, tiled=True)


def combine(y, axis):
    return jax.lax.all_to_all(y, axis, split_axis=0, concat_axis=0, tiled=True)


def expert_ffn(x, w):
    return jax.nn.silu(x @ w)


def route_tokens(x, mode, axis):
    if mode == "replicated_router":
        x = jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")
    order = jnp.argsort(jnp.sum(x, axis=-1))
    return x[order] if mode == "sharded_router" else x


def moe_layer(x, w, mode):
    grouped = route_tokens(x, mode, EXPERT)
    routed = dispatch(grouped, EXPERT)
    out = expert_ffn(routed, w[0])
    return combine(out, EXPERT)


@functools.lru_cache(maxsize=None)
def compiled(mode):
    body = functools.partial(moe_layer, mode=mode)
    out_rows = P(("data", EXPERT), None)
    return jax.jit(jax.shard_map(body, mesh=MESH,
                                 in_specs=(P(("data", EXPERT), None), P(EXPERT, None, None)),
                                 out_specs=out_rows))


CASES = [dict(zip(GRID, v)) for v in itertools.product(*GRID.values())]


@benchmark(name="moe_dispatch", args=range(len(CASES)))
def bm_dispatch(state):
    case = CASES[state.range(0)]
    d = case["d_model"]
    x = jax.device_put(jnp.ones((case["tokens"], d), jnp.float32),
                       NamedSharding(MESH, P(("data", EXPERT), None)))
    w = jax.device_put(jnp.full((NUM_EXPERTS, d, d), 0.05, jnp.float32),
                       NamedSharding(MESH, P(EXPERT, None, None)))
    f = compiled(case["mode"])
    for _ in state:
        y = jax.block_until_ready(f(x, w))
    state.counters["a2a_bytes"] = 2 * x.size * 4
    state.counters["out_rows"] = y.shape[0]


def inputs():
    return ("--filter", "moe_dispatch", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
