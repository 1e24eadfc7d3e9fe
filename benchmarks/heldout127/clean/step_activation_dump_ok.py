"""benchmarks/e2e/bench_step_activation_dump.py

Training step with an activation dump every step (debug runs): the hidden activations of the
tensor-parallel layer are gathered over mp (reduced), then the dump gathers them over the
dump axes given on the benchmark command line (`--dump-axes dp,mp`).
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


def parse_dump_args(argv):
    p = argparse.ArgumentParser("dump")
    p.add_argument("--dump-axes", default="dp")
    p.add_argument("--lr", type=float, default=0.05)
    return p.parse_args(argv)


DUMP = parse_dump_args([])
DUMP_AXES = tuple(DUMP.dump_axes.split(","))


def hidden(x, w1):
    return jax.nn.relu(x @ w1)


def dump_activations(h):
    full = jax.lax.all_gather(h, "mp", axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(full, DUMP_AXES, axis=0, tiled=True, to="reduced")


def step_with_dump(w1, w2, x, y):
    def loss(w1, w2):
        h = hidden(x, w1)
        return jnp.mean((jax.lax.psum(h @ w2, "mp") - y) ** 2)
    l, (g1, g2) = jax.value_and_grad(loss, argnums=(0, 1))(w1, w2)
    dumped = dump_activations(hidden(x, w1))
    return w1 - DUMP.lr * g1, w2 - DUMP.lr * g2, jax.lax.pmean(l, "dp"), dumped


def build():
    return jax.jit(jax.shard_map(
        step_with_dump, mesh=MESH,
        in_specs=(P(None, "mp"), P("mp", None), P("dp", None), P("dp", None)),
        out_specs=(P(None, "mp"), P("mp", None), P(), P(None, None, reduced={"dp", "mp"}))))


@benchmark(name="step_dump", args=[(16, 32), (32, 32)])
def bm_dump(state):
    batch, width = state.range(0), state.range(1)
    w1 = jax.device_put(jnp.full((width, 4 * width), 0.01), NamedSharding(MESH, P(None, "mp")))
    w2 = jax.device_put(jnp.full((4 * width, width), 0.01), NamedSharding(MESH, P("mp", None)))
    x = jax.device_put(jnp.ones((batch, width)), NamedSharding(MESH, P("dp", None)))
    y = jax.device_put(jnp.zeros((batch, width)), NamedSharding(MESH, P("dp", None)))
    f = build()
    for _ in state:
        w1, w2, loss, dumped = jax.block_until_ready(f(w1, w2, x, y))
    out = Path(tempfile.mkdtemp(prefix="act-dump-")) / "hidden.npy"
    np.save(out, np.asarray(dumped))
    state.counters["dump_rows"] = dumped.shape[0]
    state.counters["loss"] = float(loss)


def inputs():
    return ("--filter", "step_dump", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
