"""benchmarks/optim/bench_zero_consolidate.py

ZeRO-3 parameter all-gather for the forward pass, plus the consolidation the checkpointer
does right after: the fsdp-gathered (reduced) parameters are gathered again over the
consolidation axes so every device holds every replica's copy. Swept over layer widths.
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
MESH = jax.make_mesh((4, 2), ("replica", "fsdp"))


class ZeroConfig:
    shard_axis = "fsdp"
    replica_axis = "replica"

    @property
    def consolidate_axes(self):
        return (self.replica_axis, self.shard_axis)


CFG = ZeroConfig()
WIDTHS = {"d_in": [32, 64], "d_out": [64]}


def forward_gather(p, cfg):
    return jax.lax.all_gather(p, cfg.shard_axis, axis=0, tiled=True, to="reduced")


def consolidate(full, cfg):
    return jax.lax.all_gather(full, cfg.consolidate_axes, axis=0, tiled=False, to="reduced")


def zero_step(p, x, cfg=CFG):
    full = forward_gather(p, cfg)
    y = x @ full
    return y, consolidate(full, cfg)


def build(cfg=CFG):
    r, s = cfg.replica_axis, cfg.shard_axis
    return jax.jit(jax.shard_map(zero_step, mesh=MESH,
                                 in_specs=(P(s, r), P(None, None)),
                                 out_specs=(P(None, r), P(None, None, None, reduced={r, s}))))


@benchmark(name="zero_consolidate", args=list(itertools.product(*WIDTHS.values())))
def bm_zero(state):
    d_in, d_out = state.range(0), state.range(1)
    p = jax.device_put(jnp.eye(d_in, d_out, dtype=jnp.float32) * 0 + 0.5,
                       NamedSharding(MESH, P("fsdp", "replica")))
    x = jax.device_put(jnp.ones((16, d_in), jnp.float32), NamedSharding(MESH, P(None, None)))
    f = build()
    for _ in state:
        y, copies = jax.block_until_ready(f(p, x))
    state.counters["copies"] = copies.shape[0]
    state.counters["y_mean"] = float(jnp.mean(y))


def inputs():
    return ("--filter", "zero_consolidate", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
