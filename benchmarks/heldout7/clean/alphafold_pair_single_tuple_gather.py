"""AlphaFold-like trunk: the pair representation gathered over (row, col) in one reduced gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW, COL = "row", "col"


def layer_norm(x):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    return (x - mu) / jnp.sqrt(jnp.var(x, axis=-1, keepdims=True) + 1e-5)


def inputs():
    return (np.random.default_rng(102).normal(size=(8, 8, 4)).astype(np.float32),)


def main(pair):
    mesh = jax.make_mesh((2, 4), (ROW, COL))
    spec = P((ROW, COL), None, None)
    pair = jax.device_put(pair, NamedSharding(mesh, spec))

    def trunk(z):
        z = layer_norm(z)
        return jax.lax.all_gather(z, (ROW, COL), axis=0, tiled=True, to="reduced")

    return jax.shard_map(trunk, mesh=mesh, in_specs=spec, out_specs=P(None, None, None, reduced={ROW, COL}))(pair)


if __name__ == "__main__":
    print(main(*inputs()))
