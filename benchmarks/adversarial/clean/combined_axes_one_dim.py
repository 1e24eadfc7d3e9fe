"""A batch split over both axes on one dimension (P(('data', 'model')))): it varies on both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = P(("data", "model"))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, BATCH))

    def body(b):
        m = jax.lax.pmean(jnp.mean(b, axis=0), ("data", "model"))
        sq = jax.lax.psum_scatter(jnp.sum((b - m) ** 2, axis=0), ("data", "model"), tiled=True)
        return m, sq

    return jax.shard_map(body, mesh=mesh, in_specs=BATCH, out_specs=(P(), P(("data", "model"))))(x)


if __name__ == "__main__":
    print(main(*inputs()))
