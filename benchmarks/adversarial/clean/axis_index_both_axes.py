"""Per-device random noise keyed by both axis indices, summed over both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.zeros((8, 4), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        dev = jax.lax.axis_index("data") * 4 + jax.lax.axis_index("model")
        key = jax.random.fold_in(jax.random.key(0), dev)
        noise = jax.random.normal(key, b.shape[1:])
        return jax.lax.psum(noise + jnp.sum(b, axis=0), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
