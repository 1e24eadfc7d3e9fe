"""exec rebinds SCALE to None: the reduced value is never scaled."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

SCALE = 2.0
exec("SCALE = None")


def gather_scaled(mesh, x, scale):
    def body(block):
        rows = jax.lax.psum(block, "j")
        g = jax.lax.all_gather(rows, "i", to="reduced", tiled=True)
        if scale is not None:
            g = g * scale
        return g
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)


def main(mesh, x):
    return gather_scaled(mesh, x, SCALE)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
