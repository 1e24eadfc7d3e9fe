"""psum over 'model' of a value reduced on 'data' and varying on 'model' runs (only pmean would divide by a constant)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NORM = np.float32(1.0) / np.sqrt(np.float32(4.0))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block * NORM, "data", to="reduced", tiled=True)
        return jax.lax.psum(r, "model")
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
