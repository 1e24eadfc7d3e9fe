"""benchmarks/optim/bench_state_checkpoint.py

Checkpointing cost of the Adam optimizer state: the moments are produced by a jitted init
with fsdp-sharded out_shardings, then each field of the state is gathered to the host
layout with top_level_all_gather (the checkpointer's host spec is a class attribute).
"""
from typing import NamedTuple
from jax._src.shard_map import top_level_all_gather
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
MESH = jax.make_mesh((4, 2), ("replica", "fsdp"))
STATE_SPEC = P(("replica", "fsdp"), None)  # ZeRO over every device


class AdamState(NamedTuple):
    mu: jax.Array
    nu: jax.Array
    count: jax.Array


def init_state(params):
    return AdamState(jnp.zeros_like(params), jnp.ones_like(params), jnp.zeros_like(params))


class Checkpointer:
    host_spec = P("fsdp", None, reduced={"replica"})  # keep the shard axis, drop replicas

    def __init__(self, mesh):
        self.mesh = mesh

    def gather(self, leaf):
        return top_level_all_gather(leaf, self.host_spec)

    def save(self, state, directory):
        out = {}
        for name, leaf in zip(AdamState._fields, state):
            host = np.asarray(self.gather(leaf))
            np.save(directory / f"{name}.npy", host)
            out[name] = host.shape
        return out


@benchmark(name="adam_ckpt", args=[128, 512], iterations=2)
def bm_ckpt(state):
    n = state.range(0)
    sh = NamedSharding(MESH, STATE_SPEC)
    init = jax.jit(init_state, out_shardings=AdamState(sh, sh, sh))
    params = jax.device_put(jnp.ones((n, 8), jnp.float32), sh)
    opt_state = init(params)
    ckpt = Checkpointer(MESH)
    tmp = Path(tempfile.mkdtemp(prefix="adam-ckpt-"))
    with jax.set_mesh(MESH):
        for _ in state:
            shapes = ckpt.save(opt_state, tmp)
    state.counters["files"] = len(list(tmp.glob("*.npy")))
    state.counters["rows"] = shapes["mu"][0]


def inputs():
    return ("--filter", "adam_ckpt", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
