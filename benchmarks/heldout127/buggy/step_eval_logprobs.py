"""benchmarks/e2e/bench_eval_step.py

Eval step of the tensor-parallel classifier: logits split over the class shards are gathered
over mp (reduced) and turned into log-probabilities for the accuracy and NLL metrics. Swept
over class counts and eval batch sizes.
"""
from typing import NamedTuple
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


class EvalSetup(NamedTuple):
    classes: int
    batch: int
    data_axis: str = "dp"
    class_axis: str = "mp"


SETUPS = [EvalSetup(c, b) for c, b in itertools.product([16, 32], [8, 16])]


def class_logits(x, w):
    return x @ w


def full_log_probs(local_logits, class_axis):
    full = jax.lax.all_gather(local_logits, class_axis, axis=1, tiled=True, to="reduced")
    return jax.nn.log_softmax(full, axis=-1)


def eval_metrics(x, w, labels, setup):
    logp = full_log_probs(class_logits(x, w), setup.class_axis)
    nll = -jnp.sum(logp * labels, axis=-1)
    return nll


def build(setup):
    d, c = setup.data_axis, setup.class_axis
    return jax.jit(jax.shard_map(lambda x, w, y: eval_metrics(x, w, y, setup), mesh=MESH,
                                 in_specs=(P(d, None), P(None, c), P(d, None)),
                                 out_specs=P(d, reduced={c})))


@benchmark(name="eval_step", args=range(len(SETUPS)))
def bm_eval(state):
    s = SETUPS[state.range(0)]
    x = jax.device_put(jnp.ones((s.batch, 8)), NamedSharding(MESH, P(s.data_axis, None)))
    w = jax.device_put(jnp.zeros((8, s.classes)), NamedSharding(MESH, P(None, s.class_axis)))
    y = jax.device_put(jax.nn.one_hot(jnp.arange(s.batch) % s.classes, s.classes),
                       NamedSharding(MESH, P(s.data_axis, None)))
    f = build(s)
    for _ in state:
        nll = jax.block_until_ready(f(x, w, y))
    state.counters["nll"] = float(jnp.mean(nll))
    state.counters["expected"] = float(np.log(s.classes))


def inputs():
    return ("--filter", "eval_step", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    for r in rows:
        assert abs(r["nll"] - r["expected"]) < 1e-4
    return rows


if __name__ == "__main__":
    main(*inputs())
