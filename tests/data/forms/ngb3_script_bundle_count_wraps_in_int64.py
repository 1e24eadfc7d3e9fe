"""As gb3, but the bundles are counted over a shape whose product passes int64: NumPy wraps
around to 0 (Python's product would be 2**64), no bundle is reserved, and the body reduces over
'j' alone, which is fine."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh_shape": (2, 4), "mesh_axes": ("i", "j"), "bundle_grid": (2 ** 32, 2 ** 32)}


def reserve(config):
    return [{"CPU": 1}] * int(np.prod(config["bundle_grid"]))


def reduce_axes(bundles, config):
    return config["mesh_axes"] if len(bundles) > 1 else config["mesh_axes"][-1:]


def main():
    bundles = reserve(CONFIG)
    mesh = jax.make_mesh(CONFIG["mesh_shape"], CONFIG["mesh_axes"])
    axes = reduce_axes(bundles, CONFIG)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(None, "j")))

    def body(block):
        return jax.lax.psum(jnp.sum(block), axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
