"""Export the ensemble's output-layer weights for the onboard planner, under the trainer mesh."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MEMBER_AXIS = os.environ.get("PETS_MEMBER_AXIS", "member")
MESH = jax.make_mesh((2, 4), (MEMBER_AXIS, "batch"))


def train_heads(n_members=8, hidden=16, out=6):
    rng = np.random.default_rng(15)
    w = rng.normal(size=(n_members, hidden, out)).astype(np.float32) / np.sqrt(hidden)
    return jax.device_put(w, NamedSharding(MESH, P(MEMBER_AXIS, None, None)))


def export_for_planner(heads):
    with jax.set_mesh(MESH):
        return top_level_all_gather(heads, P(None, None, None, reduced={MEMBER_AXIS}))


def inputs():
    return (train_heads(),)


def main(heads):
    return np.asarray(export_for_planner(heads))


if __name__ == "__main__":
    main(*inputs())
