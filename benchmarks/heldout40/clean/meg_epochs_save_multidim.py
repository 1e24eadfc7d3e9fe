"""Saving epoched MEG data: the on-disk layout comes from a JSON description."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT_JSON = """
{
  "compute": {"dims": ["chan", "time"], "reduced": []},
  "disk": {"dims": [null, null], "reduced": ["chan", "time"]}
}
"""


def spec_from(entry):
    return P(*entry["dims"], reduced=set(entry["reduced"]))


def save_epochs(epochs, layouts):
    return top_level_all_gather(epochs, spec_from(layouts["disk"]), multi_dim=True)


def inputs():
    return (np.random.default_rng(33).normal(size=(16, 64)).astype(np.float32),)


def main(epochs):
    layouts = json.loads(LAYOUT_JSON)
    mesh = jax.make_mesh((2, 4), ("chan", "time"))
    epochs = jax.device_put(epochs, NamedSharding(mesh, spec_from(layouts["compute"])))
    with jax.set_mesh(mesh):
        return save_epochs(epochs, layouts)


if __name__ == "__main__":
    main(*inputs())
