"""Exporting fitted mean-field guide parameters (a NamedTuple placed leaf by leaf)."""
import os
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

N_GROUPS, N_LATENT = 4, 16
FEATURE_AXIS = os.environ.get("VI_FEATURE_AXIS", "batch")


class GuideParams(NamedTuple):
    loc: jax.Array
    log_scale: jax.Array


TRAIN_LAYOUT = GuideParams(loc=P("particle", FEATURE_AXIS), log_scale=P("particle", FEATURE_AXIS))


def place(mesh, params):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, TRAIN_LAYOUT,
                        is_leaf=lambda s: isinstance(s, P))


def export_loc(params):
    return top_level_all_gather(params.loc, P(None, FEATURE_AXIS))


def inputs():
    rng = np.random.default_rng(43)
    return (GuideParams(loc=rng.standard_normal((N_GROUPS, N_LATENT)).astype(np.float32),
                        log_scale=np.full((N_GROUPS, N_LATENT), -1.0, np.float32)),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("particle", FEATURE_AXIS))
    with jax.set_mesh(mesh):
        placed = place(mesh, params)
        exported = export_loc(placed)
    return exported


if __name__ == "__main__":
    main(*inputs())
