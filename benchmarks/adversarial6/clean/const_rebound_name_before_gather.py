"""`r` is a varying value when the constant meets it; the name is rebound to the reduced gather afterwards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS = np.finfo(np.float32).eps


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = block + EPS
        r = jax.lax.all_gather(r, "data", to="reduced", tiled=True)
        return r
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
