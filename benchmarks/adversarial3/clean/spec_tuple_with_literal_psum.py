"""The batch is split over the configurable data axis and 'model'; the loss sums over the literal pair."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(16, 2),)


def main(x, data_axis="data"):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P((data_axis, "model"))
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def loss(x):
        return jax.lax.psum(jnp.sum(x * x), ("data", "model"))

    return jax.shard_map(loss, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
