# From the blog post "Reproducible dropout when the batch is sharded".
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))
n_model = mesh.shape["model"]

rate = 0.25


def make_mask(key, shape):
    return (jax.random.uniform(key, shape) > rate).astype(jnp.float32)


def rotate(x, axis):
    n = mesh.shape[axis]
    return jax.lax.ppermute(x, axis, perm=[(i, (i + 1) % n) for i in range(n)])


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


@partial(jax.shard_map, mesh=mesh, in_specs=(P("data", "model"), P()), out_specs=P("data", "model"))
def shared_mask(h, key):
    local = make_mask(jax.random.fold_in(key, jax.lax.axis_index("model")), h.shape)
    mask = jax.lax.all_gather(local, "model", axis=1, to="reduced", tiled=True)
    mask = rotate(mask, "model")
    return mask


def main(h):
    h = jax.device_put(h, NamedSharding(mesh, P("data", "model")))
    key = jax.random.key_data(jax.random.key(0))
    return shared_mask(h, jax.device_put(key, NamedSharding(mesh, P())))


if __name__ == "__main__":
    main(*inputs())
