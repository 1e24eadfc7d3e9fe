"""The constant meets a value gathered to VARYING over 'model'; the reduced gather over 'data' is returned untouched."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE = np.sqrt(np.float32(2.0))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        wide = jax.lax.all_gather(block, "model", tiled=True, axis=1) * SCALE
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        return r, wide
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=(P(None, "model", reduced={"data"}), P("data", "model")))(x)


if __name__ == "__main__":
    print(main(*inputs()))
