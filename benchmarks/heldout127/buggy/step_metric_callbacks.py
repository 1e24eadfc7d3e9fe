"""benchmarks/e2e/bench_step_metrics.py

Training step with the metrics the dashboards read: the data-parallel loss is summed over
dp, and the per-replica loss history (one entry per dp shard, reduced) is produced by a
metrics callback registered with the step. Steps per second and the loss are reported.
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
MESH = jax.make_mesh((2, 4), ("dp", "mp"))
CALLBACKS = {}


def on_step(name):
    def deco(fn):
        CALLBACKS[name] = fn
        return fn
    return deco


@on_step("loss_history")
def loss_history(metrics, axes):
    return jax.lax.all_gather(metrics["loss_sum"], axes["data"], to="reduced")


@on_step("grad_norm")
def grad_norm(metrics, axes):
    return jnp.sqrt(metrics["grad_sq"])


class Step:
    axes = {"data": "dp", "model": "mp"}

    def __init__(self, callbacks, lr=0.1):
        self.callbacks = callbacks
        self.lr = lr

    def loss(self, w, x, y):
        pred = jax.lax.psum(x @ w, self.axes["model"])
        return jnp.sum((pred - y) ** 2)

    def __call__(self, w, x, y):
        l, g = jax.value_and_grad(self.loss)(w, x, y)
        metrics = {"loss_sum": jax.lax.psum(l, self.axes["data"]),
                   "grad_sq": jax.lax.psum(jnp.sum(g * g), self.axes["model"])}
        extra = {name: CALLBACKS[name](metrics, self.axes) for name in self.callbacks}
        return w - self.lr * g, extra

    def out_specs(self):
        specs = {"loss_history": P(reduced={self.axes["data"]}), "grad_norm": P()}
        return (P("mp", None), {name: specs[name] for name in self.callbacks})


SWEEP = {"callbacks": [("grad_norm",), ("grad_norm", "loss_history")], "batch": [16]}


@benchmark(name="step_metrics", args=list(itertools.product(range(2), SWEEP["batch"])))
def bm_metrics(state):
    step = Step(SWEEP["callbacks"][state.range(0)])
    batch = state.range(1)
    w = jax.device_put(jnp.full((32, 8), 0.01), NamedSharding(MESH, P("mp", None)))
    x = jax.device_put(jnp.ones((batch, 32)), NamedSharding(MESH, P("dp", "mp")))
    y = jax.device_put(jnp.ones((batch, 8)), NamedSharding(MESH, P("dp", None)))
    f = jax.jit(jax.shard_map(step, mesh=MESH, in_specs=(P("mp", None), P("dp", "mp"), P("dp", None)),
                              out_specs=step.out_specs()))
    for _ in state:
        w, extra = jax.block_until_ready(f(w, x, y))
    state.counters["steps_per_s"] = 1.0 / max(statistics.median(state.times), 1e-9)
    state.counters["grad_norm"] = float(extra["grad_norm"])


def inputs():
    return ("--filter", "step_metrics", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
