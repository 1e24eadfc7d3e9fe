"""shard_map manual over 'data' only (axis_names=): 'model' stays automatic inside the body."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    @jax.jit
    def run(v):
        def body(b):
            return jax.lax.psum(jnp.sum(b, axis=0), "data")
        return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(), axis_names={"data"})(v)

    return run(x)


if __name__ == "__main__":
    print(main(*inputs()))
