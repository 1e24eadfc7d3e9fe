"""Logical-to-mesh rules decide how the optimizer state is laid out and later gathered."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = {"vocab": "tensor", "embed": "fsdp", "replicated": None}


def logical_to_mesh(*names):
    return P(*(RULES[n] for n in names))


def gather_state(state, mesh):
    placed = jax.device_put(state, NamedSharding(mesh, logical_to_mesh("vocab", "embed")))
    return top_level_all_gather(placed, logical_to_mesh("embed", "replicated"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(state):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    with jax.set_mesh(mesh):
        return gather_state(state, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
