"""Collecting a sharded activation with top_level_all_gather, every gathered axis marked reduced."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(("a", "b"))))
        full = top_level_all_gather(x, P(None, reduced={"a", "b"}))
        return jax.reshard(full, P())


if __name__ == "__main__":
    print(main(*inputs()))
