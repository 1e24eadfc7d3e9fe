import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class ExportLayout:
    train: P = P("clients", "model")
    serve: P = P("model", None)


LAYOUT = ExportLayout()


def export_global_model(weights):
    return top_level_all_gather(weights, LAYOUT.serve)


def inputs():
    mesh = jax.make_mesh((4, 2), ("clients", "model"))
    w = jnp.ones((8, 4), jnp.float32)
    return mesh, jax.device_put(w, NamedSharding(mesh, LAYOUT.train))


def main(mesh, weights):
    with jax.set_mesh(mesh):
        exported = export_global_model(weights)
    print(exported.shape)


if __name__ == "__main__":
    main(*inputs())
