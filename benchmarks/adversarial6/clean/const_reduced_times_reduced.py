"""Two reduced values on the same axis combined (r * r) keep the reduced state; the constant is used on the varying block only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TEMP = np.sqrt(np.float32(4.0))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block / TEMP, "data", to="reduced", tiled=True)
        return r * r
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
