"""`with jax.set_mesh(mesh):` inside a legacy `with mesh:` block sets the context mesh."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def export(mesh, w):
    with mesh:
        w = w * 2
        if True:
            return top_level_all_gather(w, P(None, "model", reduced={"data"}))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P("data", "model")))
    return export(mesh, w)


if __name__ == "__main__":
    print(main(*inputs()))
