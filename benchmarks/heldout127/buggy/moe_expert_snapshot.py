"""benchmarks/moe/bench_expert_outputs.py

Expert-parallel FFN with a snapshot of the expert outputs: every expert's output block is
gathered over the expert axis (reduced), and the snapshot writer then gathers the stacked
outputs over the snapshot axes of the benchmark options. Snapshots go to a temp dir.
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
MESH = jax.make_mesh((2, 4), ("data", "expert"))


class Options:
    expert_axis = "expert"
    batch_axis = "data"
    snapshot_axes = tuple(MESH.axis_names)
    d_model = 16
    capacity = [8, 16]


def expert_ffn(x, w_in, w_out):
    return jax.nn.gelu(x @ w_in[0]) @ w_out[0]


class ExpertSnapshot:
    def __init__(self, opts):
        self.opts = opts

    def stack_experts(self, y):
        return jax.lax.all_gather(y, self.opts.expert_axis, axis=0, tiled=False, to="reduced")

    def snapshot(self, stacked):
        return jax.lax.all_gather(stacked, self.opts.snapshot_axes, axis=1, tiled=True, to="reduced")

    def body(self, x, w_in, w_out):
        y = expert_ffn(x, w_in, w_out)
        return self.snapshot(self.stack_experts(y))

    def compile(self):
        e, b = self.opts.expert_axis, self.opts.batch_axis
        return jax.jit(jax.shard_map(
            self.body, mesh=MESH,
            in_specs=(P((b, e), None), P(e, None, None), P(e, None, None)),
            out_specs=P(None, None, None, reduced={e, *self.opts.snapshot_axes})))


def make_operands(opts, capacity):
    e = MESH.shape[opts.expert_axis]
    tokens = capacity * MESH.size
    x = jnp.ones((tokens, opts.d_model), jnp.float32)
    w_in = jnp.full((e, opts.d_model, 2 * opts.d_model), 0.1, jnp.float32)
    w_out = jnp.full((e, 2 * opts.d_model, opts.d_model), 0.1, jnp.float32)
    specs = (P((opts.batch_axis, opts.expert_axis), None), P(opts.expert_axis, None, None),
             P(opts.expert_axis, None, None))
    return [jax.device_put(a, NamedSharding(MESH, s)) for a, s in zip((x, w_in, w_out), specs)]


@benchmark(name="expert_snapshot", args=Options.capacity)
def bm_snapshot(state):
    snap = ExpertSnapshot(Options)
    args = make_operands(Options, state.range(0))
    f = snap.compile()
    for _ in state:
        out = jax.block_until_ready(f(*args))
    path = Path(tempfile.mkdtemp(prefix="moe-snap-")) / "experts.npy"
    np.save(path, np.asarray(out))
    state.counters["snapshot_kb"] = path.stat().st_size / 1024


def inputs():
    return ("--filter", "expert_snapshot", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
