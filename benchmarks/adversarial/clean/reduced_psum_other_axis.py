"""A reduced (over 'i') value summed over 'j', on which it still varies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.all_gather(block, "i", to="reduced", tiled=True)
        col_total = jax.lax.psum(rows, "j")
        return jnp.tanh(col_total)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
