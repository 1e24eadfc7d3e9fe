"""A reduced value times a value VARYING on the same axis runs (no replicated operand); the constant was applied before."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE = np.sqrt(np.float32(9.0))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block * SCALE, "data", to="reduced", tiled=True)
        return r[:4] * block
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
