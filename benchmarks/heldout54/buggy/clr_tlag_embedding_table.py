# Contrastive pre-training notebook: export the learned embedding table for a nearest-neighbour demo.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("x", "y"))

train_layout = P("x", "y")
demo_layout = P(None, None, reduced={"x", "y"})

export = partial(top_level_all_gather, out_sharding=demo_layout)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(table):
    table = jax.device_put(table, NamedSharding(mesh, train_layout))
    table = table / jnp.linalg.norm(table, axis=-1, keepdims=True)
    with jax.set_mesh(mesh):
        return export(table)


if __name__ == "__main__":
    main(*inputs())
