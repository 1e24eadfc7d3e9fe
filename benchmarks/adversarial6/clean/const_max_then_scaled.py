"""jnp.max of a reduced value drops the reduced state; the maximum is then scaled by np.sqrt(3)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        peak = jnp.max(r, axis=0, keepdims=True)
        return peak * np.sqrt(3.0)
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
