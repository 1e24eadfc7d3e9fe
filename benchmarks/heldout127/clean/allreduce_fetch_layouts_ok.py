"""benchmarks/collectives/bench_allreduce_fetch.py

End-to-end cost of an all-reduce plus the host fetch of the result: the reduced block is
brought back to one replicated layout with top_level_all_gather before `np.asarray`.
Layouts of the result are swept from a small table.
"""
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
MESH = jax.make_mesh((2, 4), ("dp", "tp"))

# how the all-reduced result is laid out before the fetch, and what the fetch asks for
FETCH_LAYOUTS = {
    "rows": {"result": P("dp", None), "fetch": P(None, None, reduced={"dp"})},
    "cols": {"result": P("dp", "tp"), "fetch": P("dp", None, reduced={"tp"})},
    "both": {"result": P(("dp", "tp"), None), "fetch": P("dp", None, reduced={"tp"})},
}
SWEEP = {"layout": list(FETCH_LAYOUTS), "cols": [64]}


def allreduce_kernel(result_spec):
    def body(x):
        # sum the tp partials; the result stays split however result_spec says
        total = jax.lax.psum(x, "tp")
        if "tp" in jax.tree.leaves(tuple(result_spec)):
            total = jax.lax.pcast(total, "tp", to="varying")
        return total
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P("dp", "tp"), out_specs=result_spec))


def fetch(y, layout):
    spec = FETCH_LAYOUTS[layout]["fetch"]
    return top_level_all_gather(y, spec)


def run_layout(layout, cols):
    result_spec = FETCH_LAYOUTS[layout]["result"]
    x = jax.device_put(jnp.arange(8.0 * cols, dtype=jnp.float32).reshape(8, cols),
                       NamedSharding(MESH, P("dp", "tp")))
    y = allreduce_kernel(result_spec)(x)
    return fetch(y, layout)


@benchmark(name="allreduce_fetch", args=[(i, c) for i, c in itertools.product(range(len(SWEEP["layout"])), SWEEP["cols"])])
def bm_fetch(state):
    layout = SWEEP["layout"][state.range(0)]
    cols = state.range(1)
    with jax.set_mesh(MESH):
        host = np.asarray(run_layout(layout, cols))
        for _ in state:
            host = np.asarray(jax.block_until_ready(run_layout(layout, cols)))
    state.counters["host_bytes"] = host.nbytes
    state.counters["layout_id"] = state.range(0)


def inputs():
    return ("--filter", "allreduce_fetch", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    for r in rows:
        assert r["host_bytes"] > 0
    return rows


if __name__ == "__main__":
    main(*inputs())
