"""A closure reads `g` when called, after g was cast back to varying (Python late binding)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(b):
        g = jax.lax.all_gather(b, "i", to="reduced", tiled=True)

        def total():
            return jax.lax.psum(g * 2.0, "i")

        return total()

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
