"""Research code that builds its input with a new axis (`base[..., None] + noise`) and loops over
the horizons the last dimension holds (`range(block.shape[-1])`): the input's shape is read
through the new-axis index and the broadcast, so the loop's rounds are known. The mean then runs
over "j" again, on which every summed column is already invariant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def inputs():
    base = np.ones((8, 8), np.float32)
    return ((0.5 * base[..., None] + np.zeros((8, 8, 2), np.float32)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, jax.NamedSharding(mesh, P("i", "j", None)))

    def body(block):
        cols = []
        for h in range(block.shape[-1]):
            cols.append(jax.lax.psum(block[..., h].sum(axis=1), "j"))
        stacked = jnp.stack(cols, axis=-1)
        return jax.lax.pmean(stacked.mean(axis=0), ("i", "j"))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j", None), out_specs=P())(x)


if __name__ == "__main__":
    main(*inputs())
