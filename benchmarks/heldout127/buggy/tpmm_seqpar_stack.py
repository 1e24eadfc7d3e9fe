"""benchmarks/layers/bench_seqpar_mlp.py

Sequence-parallel MLP: the column-parallel layer's activations are handed to the
row-parallel layer, which reduce-scatters its partial sums over the model axis along the
sequence. The layer stack is described by a list of layer specs, as in the model config.
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
TP = "model"


def column(x, w, *, gather):
    h = jax.nn.gelu(x @ w)
    if gather:
        h = jax.lax.all_gather(h, TP, axis=1, tiled=True, to="reduced")
    return h


def seq_scatter(h):
    return jax.lax.psum_scatter(h, TP, scatter_dimension=0, tiled=True)


def row_scatter(h, w):
    return seq_scatter(h @ w)


LAYERS = {
    "column": column,
    "row_scatter": row_scatter,
    "seq_scatter": lambda h, w: seq_scatter(h),
}

# the gathered variant skips the down projection (timed separately by bench_tp_mlp)
STACKS = {
    "megatron_sp": [("column", {"gather": False}), ("row_scatter", {})],
    "gathered_sp": [("column", {"gather": True}), ("seq_scatter", {})],
}


def run_stack(stack, x, w_up, w_down):
    h = x
    for (name, kwargs), w in zip(STACKS[stack], (w_up, w_down)):
        h = LAYERS[name](h, w, **kwargs)
    return h


def build(stack, hidden):
    w_down_spec = P(None, None) if STACKS[stack][0][1].get("gather") else P(TP, None)
    in_specs = (P("data", None), P(None, TP), w_down_spec)
    body = lambda x, a, b: run_stack(stack, x, a, b)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=in_specs, out_specs=P(("data", TP), None))), in_specs


SWEEP = list(itertools.product(STACKS, [32, 64]))


@benchmark(name="seqpar_mlp", args=range(len(SWEEP)))
def bm_seqpar(state):
    stack, hidden = SWEEP[state.range(0)]
    f, in_specs = build(stack, hidden)
    host = [np.full((32, hidden), 0.5, np.float32),
            np.full((hidden, 4 * hidden), 0.01, np.float32),
            np.full((4 * hidden, hidden), 0.01, np.float32)]
    args = [jax.device_put(a, NamedSharding(MESH, s)) for a, s in zip(host, in_specs)]
    for _ in state:
        y = jax.block_until_ready(f(*args))
    state.counters["rows_per_shard"] = y.shape[0] // MESH.size
    state.counters["stack_layers"] = len(STACKS[stack])


def inputs():
    return ("--filter", "seqpar_mlp", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    return rows


if __name__ == "__main__":
    main(*inputs())
