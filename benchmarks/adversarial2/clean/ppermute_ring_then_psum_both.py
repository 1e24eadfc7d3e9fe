"""A ring shift over 'model' of a model-summed value makes it varying on 'model' again."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    n = 4

    def body(v):
        partial_sum = jax.lax.psum(v, "model")
        neighbour = jax.lax.ppermute(partial_sum, "model", [(k, (k + 1) % n) for k in range(n)])
        return jax.lax.psum(jnp.sum(neighbour * partial_sum), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
