# SimCLR in JAX, from a blog post -- counting how many positives the batch actually holds.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("x", "y"))
shard = functools.partial(jax.shard_map, mesh=mesh)


def normalize(z):
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def count_positives(labels_a, labels_b):
    hits = (labels_a[:, None] == labels_b[None, :]).sum(axis=1).astype(jnp.float32)
    total = jax.lax.psum(hits, "y")
    return jax.lax.all_gather(total, axis_name="y", to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(0)
    a = rng.integers(0, 4, size=(16,)).astype(np.int32)
    b = rng.integers(0, 4, size=(16,)).astype(np.int32)
    return a, b


def main(a, b):
    a = jax.device_put(a, NamedSharding(mesh, P("y")))
    b = jax.device_put(b, NamedSharding(mesh, P()))
    counter = shard(count_positives, in_specs=(P("y"), P()), out_specs=P(None, reduced={"y"}))
    return counter(a, b)


if __name__ == "__main__":
    main(*inputs())
