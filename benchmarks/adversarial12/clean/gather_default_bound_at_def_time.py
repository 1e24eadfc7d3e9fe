"""A default argument keeps the spec of when the def ran; the module name is rebound later."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


OUT = P(None, None, reduced={"i"})


def gather(a, out=OUT):
    return top_level_all_gather(a, out)


OUT = P(None, None)


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return gather(a)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
