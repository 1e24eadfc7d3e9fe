"""A collective-permute matmul helper, fed weights that an earlier helper already gathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_weights(w, axis_name):
    return jax.lax.all_gather(w, axis_name, axis=1, to="reduced", tiled=True)


def ring_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


def ring_reduce(block, axis_name):
    n = jax.lax.axis_size(axis_name)
    acc = jnp.zeros_like(block)
    for _ in range(n):
        block = jax.lax.ppermute(block, axis_name, perm=ring_perm(n))
        acc = acc + block
    return acc


def dense(x, w, *, axis_name="mp", gathered=True):
    if gathered:
        w = gather_weights(w, axis_name)
    return x @ ring_reduce(w, axis_name)


def inputs():
    rng = np.random.default_rng(20)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "mp")))
    run = jax.shard_map(dense, mesh=mesh, in_specs=(P("dp", None), P(None, "mp")), out_specs=P("dp", "mp"))
    return run(x, w)


if __name__ == "__main__":
    main(*inputs())
