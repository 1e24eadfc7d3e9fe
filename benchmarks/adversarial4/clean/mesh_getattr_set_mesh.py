"""Version-tolerant code looks the mesh setter up by name."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

set_mesh = getattr(jax, "set_mesh", None) or getattr(jax.sharding, "use_mesh")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def gather(w):
    return top_level_all_gather(w, P(None, "y", reduced={"x"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    w = jax.device_put(x, NamedSharding(mesh, P("x", "y")))
    with set_mesh(mesh):
        return gather(w)


if __name__ == "__main__":
    print(main(*inputs()))
