"""benchmarks/layers/bench_allgather_matmul.py

All-gather matmul for the MLP up projection: the model-sharded input features are gathered
(reduced, to keep the backward a reduce-scatter) and multiplied by the local weight
columns, then the activation is applied. Swept over activation functions and sizes.
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
ACTIVATIONS = {
    "relu": jax.nn.relu,
    "gelu": jax.nn.gelu,
    "silu": jax.nn.silu,
}
SWEEP = {"act": list(ACTIVATIONS), "d_model": [64], "d_ff": [128, 256]}


class AllGatherMatmul:
    def __init__(self, act, axis="model"):
        self.act = ACTIVATIONS[act]
        self.axis = axis

    def gather_features(self, x):
        return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")

    def forward(self, x, w):
        full = self.gather_features(x)
        return self.act(full) @ w

    def compile(self):
        return jax.jit(jax.shard_map(self.forward, mesh=MESH,
                                     in_specs=(P("data", self.axis), P(None, self.axis)),
                                     out_specs=P("data", self.axis)))


def operands(d_model, d_ff):
    x = jnp.linspace(-2.0, 2.0, 16 * d_model, dtype=jnp.float32).reshape(16, d_model)
    w = jnp.full((d_model, d_ff), 1.0 / d_model, jnp.float32)
    return (jax.device_put(x, NamedSharding(MESH, P("data", "model"))),
            jax.device_put(w, NamedSharding(MESH, P(None, "model"))))


@benchmark(name="ag_matmul", args=list(itertools.product(*SWEEP.values())))
def bm_ag_matmul(state):
    act, d_model, d_ff = state.range(0), state.range(1), state.range(2)
    x, w = operands(d_model, d_ff)
    f = AllGatherMatmul(act).compile()
    for _ in state:
        y = jax.block_until_ready(f(x, w))
    state.counters["flops"] = 2.0 * 16 * d_model * d_ff
    state.counters["mean"] = float(jnp.mean(y))


def inputs():
    return ("--filter", "ag_matmul/", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
