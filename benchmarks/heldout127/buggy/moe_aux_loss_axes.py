"""benchmarks/moe/bench_aux_loss.py

Router auxiliary (load-balancing) loss as computed in the MoE training step: the fraction of
tokens per expert is summed over the expert group, combined with the mean router
probability, and averaged over the loss axes of the step config. Swept over token counts.
"""
import dataclasses
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
MESH = jax.make_mesh((2, 4), ("data", "expert"))


@dataclasses.dataclass(frozen=True)
class StepConfig:
    num_experts: int = 8
    group_axis: str = "expert"
    loss_axes: tuple = ("data", "expert")
    aux_weight: float = 0.01


def load_fractions(probs, group_axis):
    top = jnp.argmax(probs, axis=-1)
    frac = jnp.mean(jax.nn.one_hot(top, probs.shape[-1]), axis=0)
    return jax.lax.psum(frac, group_axis) / jax.lax.axis_size(group_axis)


def aux_loss(probs, cfg):
    frac = load_fractions(probs, cfg.group_axis)
    mean_p = jax.lax.pmean(jnp.mean(probs, axis=0), cfg.group_axis)
    loss = cfg.num_experts * jnp.sum(frac * mean_p) * cfg.aux_weight
    return jax.lax.pmean(loss, cfg.loss_axes)


def build(cfg):
    body = functools.partial(aux_loss, cfg=cfg)
    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P(("data", cfg.group_axis), None),
                                 out_specs=P()))


def router_probs(tokens, num_experts):
    logits = np.sin(np.arange(tokens * num_experts, dtype=np.float32)).reshape(tokens, num_experts)
    e = np.exp(logits - logits.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


GRID = {"tokens": [64, 256], "aux_weight": [0.01]}


@benchmark(name="aux_loss", args=list(itertools.product(*GRID.values())))
def bm_aux(state):
    tokens, weight = state.range(0), state.range(1)
    cfg = StepConfig(aux_weight=weight)
    p = jax.device_put(router_probs(tokens, cfg.num_experts),
                       NamedSharding(MESH, P(("data", cfg.group_axis), None)))
    f = build(cfg)
    for _ in state:
        loss = jax.block_until_ready(f(p))
    state.counters["aux_loss"] = float(loss)


def inputs():
    return ("--filter", "aux_loss", "--repetitions", "1")


def main(*argv):
    rows = run_benchmarks(argv)
    assert all(r["aux_loss"] > 0 for r in rows)
    return rows


if __name__ == "__main__":
    main(*inputs())
