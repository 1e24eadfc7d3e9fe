"""benchmarks/layers/bench_tp_mlp.py

Tensor-parallel MLP block (column-parallel up projection, row-parallel down projection),
timed for the Megatron-style `gather_output` option of the row-parallel layer: with it the
summed output is gathered over the model axis (reduced) so every shard holds all columns.
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
MESH = jax.make_mesh((2, 4), ("data", "model"))
GRID = {"hidden": [64, 128], "ffn_mult": [2], "gather_output": [False, True]}


class RowParallelLinear:
    def __init__(self, axis, gather_output):
        self.axis = axis
        self.gather_output = gather_output

    def __call__(self, h, w):
        y = jax.lax.psum(h @ w, self.axis)
        if self.gather_output:
            y = jax.lax.all_gather(y, self.axis, axis=0, tiled=True, to="reduced")
        return y


def column_parallel(x, w):
    return jax.nn.relu(x @ w)


def mlp_body(x, w_up, w_down, row):
    return row(column_parallel(x, w_up), w_down)


def build_mlp(gather_output):
    row = RowParallelLinear("model", gather_output)
    body = functools.partial(mlp_body, row=row)
    out = P("data", None, reduced={"model"}) if gather_output else P("data", None)
    in_specs = (P("data", None), P(None, "model"), P("model", None))
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=in_specs, out_specs=out))


def weights(hidden, mult):
    rng = np.random.default_rng(hidden)
    w_up = rng.standard_normal((hidden, hidden * mult)).astype(np.float32) / np.sqrt(hidden)
    w_down = rng.standard_normal((hidden * mult, hidden)).astype(np.float32) / np.sqrt(hidden * mult)
    return (jax.device_put(w_up, NamedSharding(MESH, P(None, "model"))),
            jax.device_put(w_down, NamedSharding(MESH, P("model", None))))


CASES = [dict(zip(GRID, c)) for c in itertools.product(*GRID.values())]


@benchmark(name="tp_mlp", args=range(len(CASES)))
def bm_tp_mlp(state):
    case = CASES[state.range(0)]
    hidden = case["hidden"]
    w_up, w_down = weights(hidden, case["ffn_mult"])
    x = jax.device_put(jnp.ones((16, hidden), jnp.float32), NamedSharding(MESH, P("data", None)))
    f = build_mlp(case["gather_output"])
    for _ in state:
        y = jax.block_until_ready(f(x, w_up, w_down))
    flops = 2 * 2 * 16 * hidden * hidden * case["ffn_mult"]
    state.counters["gflops"] = flops / max(statistics.median(state.times), 1e-9) / 1e9
    state.counters["out_rows"] = y.shape[0]


def inputs():
    return ("--filter", "tp_mlp", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
