"""benchmarks/e2e/bench_train_step.py

End-to-end training step of the 2-layer tensor-parallel MLP: forward, loss, jax.grad inside
shard_map, then ZeRO-style reduce-scatter of the flattened weight-gradient bucket over the
whole mesh. Swept over batch sizes and widths.
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
MESH = jax.make_mesh((2, 4), ("dp", "mp"))
BUCKET_AXES = ("dp", "mp")
GRID = {"batch": [16, 32], "width": [32, 64]}


def forward(params, x):
    h = jnp.tanh(x @ params["w1"])
    return jax.lax.psum(h @ params["w2"], "mp")


def local_loss(params, x, y):
    pred = forward(params, x)
    return jnp.mean((pred - y) ** 2)


def bucket(grads):
    return jnp.concatenate([g.reshape(-1) for g in jax.tree.leaves(grads)])


def train_step(params, x, y, lr):
    loss, grads = jax.value_and_grad(local_loss)(params, x, y)
    flat = bucket(grads)
    shard = jax.lax.psum_scatter(flat, BUCKET_AXES, scatter_dimension=0, tiled=True)
    loss = jax.lax.pmean(loss, "dp")
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, loss, shard


def build(lr=0.05):
    pspec = {"w1": P(None, "mp"), "w2": P("mp", None)}
    body = functools.partial(train_step, lr=lr)
    return jax.jit(jax.shard_map(body, mesh=MESH,
                                 in_specs=(pspec, P("dp", None), P("dp", None)),
                                 out_specs=(pspec, P(), P(("dp", "mp"))))), pspec


def setup(batch, width):
    f, pspec = build()
    rng = np.random.default_rng(batch + width)
    host = {"w1": rng.standard_normal((width, 4 * width)).astype(np.float32) / width,
            "w2": rng.standard_normal((4 * width, width)).astype(np.float32) / width}
    params = {k: jax.device_put(v, NamedSharding(MESH, pspec[k])) for k, v in host.items()}
    x = jax.device_put(np.ones((batch, width), np.float32), NamedSharding(MESH, P("dp", None)))
    y = jax.device_put(np.zeros((batch, width), np.float32), NamedSharding(MESH, P("dp", None)))
    return f, params, x, y


@benchmark(name="train_step", args=list(itertools.product(*GRID.values())))
def bm_step(state):
    f, params, x, y = setup(state.range(0), state.range(1))
    for _ in state:
        params, loss, shard = jax.block_until_ready(f(params, x, y))
    state.counters["loss"] = float(loss)
    state.counters["bucket"] = shard.size


def inputs():
    return ("--filter", "train_step", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
