"""Merchant roll-up features: hourly merchant spend rolled up to a daily view, then to one
fleet-wide table for the drift monitor. The roll-up is a list of stages run in order."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = {
    "mesh": {"shape": (4, 2), "axes": ("card", "window")},
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(mesh_cfg):
    return jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def rollup(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


def log1p_stage(x):
    return jnp.log1p(jnp.abs(x))


def build_stages(card, window):
    return [
        log1p_stage,
        functools.partial(rollup, axes=window, dim=1),
        functools.partial(rollup, axes=(card, window), dim=0),
    ]


def inputs():
    rng = np.random.default_rng(2)
    return (rng.gamma(2.0, 50.0, size=(16, 24)).astype(np.float32),)


def main(spend):
    mesh = make_mesh(JOB["mesh"])
    card, window = JOB["mesh"]["axes"]
    spend = place(mesh, spend, P(card, window))
    stages = build_stages(card, window)

    def job(block):
        for stage in stages:
            block = stage(block)
        return block

    return jax.shard_map(job, mesh=mesh, in_specs=P(card, window),
                         out_specs=P(None, None, reduced={card, window}))(spend)


if __name__ == "__main__":
    main(*inputs())
