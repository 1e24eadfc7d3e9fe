"""`def reduce(x, *axes)`: the call passes one axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_sum(x, *axes):
    return jax.lax.psum(x, axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    x = jax.device_put(x, NamedSharding(mesh, P("rows")))

    def body(b):
        return reduce_sum(jnp.sum(b, axis=0), "rows")

    return jax.shard_map(body, mesh=mesh, in_specs=P("rows"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
