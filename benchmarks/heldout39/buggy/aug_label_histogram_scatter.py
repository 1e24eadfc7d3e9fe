import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CLASSES = 8
AXES = collections.OrderedDict(host=2, shard=4)


def histogram(labels):
    local = jax.nn.one_hot(labels, N_CLASSES).sum(axis=(0, 1))
    per_host = jax.lax.psum(local, "shard")
    return jax.lax.psum_scatter(per_host, tuple(AXES), scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(64)
    return (rng.integers(0, N_CLASSES, size=(4, 32)).astype(np.int32),)


def main(labels):
    mesh = jax.make_mesh(tuple(AXES.values()), tuple(AXES))
    labels = jax.device_put(labels, NamedSharding(mesh, P(*AXES)))
    hist = jax.shard_map(histogram, mesh=mesh, in_specs=P(*AXES), out_specs=P(tuple(AXES)))(labels)
    print(hist)
    return hist


if __name__ == "__main__":
    main(*inputs())
