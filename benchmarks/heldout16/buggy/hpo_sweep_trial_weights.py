"""Hyper-parameter sweep harness: each trial's head weights collected for model selection."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SWEEP = {
    "axes": {"trial": "trial", "shard": "shard"},
    "learning_rates": [1e-3, 3e-3],
}

gather_reduced = functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="reduced")


def inputs():
    w = np.linspace(-1, 1, 8 * 8, dtype=np.float32).reshape(8, 8)
    return (w,)


def select(w, sweep=SWEEP):
    ax = sweep["axes"]
    per_trial = gather_reduced(w, ax["shard"])
    ranked = per_trial.astype(jnp.float32)
    return gather_reduced(ranked, (ax["trial"], ax["shard"]))


def main(w, sweep=SWEEP):
    ax = sweep["axes"]
    mesh = jax.make_mesh((len(sweep["learning_rates"]), 4), (ax["trial"], ax["shard"]))
    w = jax.device_put(w, NamedSharding(mesh, P(ax["trial"], ax["shard"])))
    fn = jax.shard_map(functools.partial(select, sweep=sweep), mesh=mesh,
                       in_specs=P(ax["trial"], ax["shard"]),
                       out_specs=P(None, None, reduced={ax["trial"], ax["shard"]}))
    return fn(w)
