"""Tracing code that only needs the abstract mesh uses use_abstract_mesh."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def gather_state(s):
    return top_level_all_gather(s, P("a", reduced={"b"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    s = jax.device_put(x, NamedSharding(mesh, P("a", "b")))
    with jax.sharding.use_abstract_mesh(mesh.abstract_mesh):
        return gather_state(s)


if __name__ == "__main__":
    print(main(*inputs()))
