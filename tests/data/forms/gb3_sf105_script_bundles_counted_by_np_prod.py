"""A launcher reserves one resource bundle per device, counted `int(np.prod(shape))` from the
config's mesh shape, and picks the reduction axes by how many bundles it got: NumPy's product of
plain ints is exact, so the run follows the list of bundles to the body."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh_shape": (2, 4), "mesh_axes": ("i", "j")}


def reserve(config):
    return [{"CPU": 1}] * int(np.prod(config["mesh_shape"]))


def reduce_axes(bundles, config):
    return config["mesh_axes"] if len(bundles) > 1 else config["mesh_axes"][-1:]


def main():
    bundles = reserve(CONFIG)
    mesh = jax.make_mesh(CONFIG["mesh_shape"], CONFIG["mesh_axes"])
    axes = reduce_axes(bundles, CONFIG)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(None, "j")))

    def body(block):
        return jax.lax.psum(jnp.sum(block), axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
