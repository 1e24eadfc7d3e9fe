"""P(('data', 'model')) shards one dimension over both axes: the block varies on both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = ("data", "model")


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), BATCH)
    spec = P("data", None)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(v):
        return jax.lax.pmean(jnp.mean(v), BATCH)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
