"""The constant multiplies the varying block; only the product is gathered to reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HALF = np.float32(0.5)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        v = block * HALF
        r = jax.lax.all_gather(v, "data", to="reduced", tiled=True)
        return jnp.tanh(r)
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
