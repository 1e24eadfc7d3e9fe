"""jnp.take of a reduced value drops the reduced state (run); the result is scaled by a constant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

IDX = np.array([7, 6, 5, 4, 3, 2, 1, 0])
GAIN = np.float32(np.pi)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        t = jnp.take(r, IDX, axis=0)
        return t * GAIN
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
