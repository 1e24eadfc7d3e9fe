"""Checkpoint export: gather the FSDP-sharded parameters before writing them."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SHARD_AXES = ("replica", "fsdp")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def export(params, mesh):
    params = jax.device_put(params, NamedSharding(mesh, P(SHARD_AXES, None)))
    full = top_level_all_gather(params, P("fsdp", None))
    return full


def main(params):
    mesh = jax.make_mesh((2, 4), SHARD_AXES)
    with jax.set_mesh(mesh):
        return export(params, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
