"""Byte-level model with a patch (MEGABYTE-like) encoder: byte hidden states gathered and pooled per patch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PATCH = 4


def pool_patches(h):
    b, t, d = h.shape
    return jnp.mean(h.reshape(b, t // PATCH, PATCH, d), axis=2)


def inputs():
    rng = np.random.default_rng(38)
    ids = rng.integers(0, 256, size=(4, 16)).astype(np.int32)
    return ids, rng.normal(size=(256, 8)).astype(np.float32)


def main(ids, table):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    ids = jax.device_put(ids, NamedSharding(mesh, P("data", "seq")))
    table = jax.device_put(table, NamedSharding(mesh, P()))

    def encode(ids, table):
        h = jnp.tanh(jnp.take(table, ids, axis=0))
        full = jax.lax.all_gather(h, "seq", axis=1, tiled=True, to="reduced")
        return pool_patches(full)

    return jax.shard_map(encode, mesh=mesh, in_specs=(P("data", "seq"), P()),
                         out_specs=P("data", None, None, reduced={"seq"}))(ids, table)


if __name__ == "__main__":
    print(main(*inputs()))
