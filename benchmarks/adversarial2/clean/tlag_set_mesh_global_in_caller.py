"""jax.set_mesh called as a plain function sets the mesh for the rest of the program."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(x):
    return top_level_all_gather(x, P("a", reduced={"b"}))


def setup():
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    restore = jax.set_mesh(mesh)
    return mesh, restore


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh, restore = setup()
    try:
        x = jax.device_put(x, NamedSharding(mesh, P(("a", "b"))))
        return gather_rows(x)
    finally:
        restore.__exit__(None, None, None)


if __name__ == "__main__":
    print(main(*inputs()))
