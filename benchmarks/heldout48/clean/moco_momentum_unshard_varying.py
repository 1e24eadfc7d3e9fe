"""MoCo momentum encoder: the key encoder's FSDP-sharded parameters are unsharded for the EMA
step and scattered back afterwards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP_AXIS = "shard"
MOMENTUM = 0.99


def unshard(p):
    return jax.lax.all_gather(p, FSDP_AXIS, axis=0, tiled=True)


def reshard(p):
    return jax.lax.psum_scatter(p, FSDP_AXIS, scatter_dimension=0, tiled=True)


def momentum_step(key_params, query_params):
    mixed = jax.tree.map(lambda k, q: MOMENTUM * k + (1.0 - MOMENTUM) * q, key_params, query_params)
    full = jax.tree.map(unshard, mixed)
    return jax.tree.map(reshard, full)


def inputs():
    rng = np.random.default_rng(12)
    key = {"w": rng.normal(size=(16, 8)).astype(np.float32), "b": np.zeros((8,), np.float32)}
    query = {"w": rng.normal(size=(16, 8)).astype(np.float32), "b": np.ones((8,), np.float32)}
    return key, query


def main(key_params, query_params):
    mesh = jax.make_mesh((4, 2), ("replica", FSDP_AXIS))
    specs = {"w": P(FSDP_AXIS, None), "b": P(FSDP_AXIS)}
    place = lambda tree: {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}
    key_params, query_params = place(key_params), place(query_params)
    step = jax.shard_map(momentum_step, mesh=mesh, in_specs=(specs, specs), out_specs=specs)
    return step(key_params, query_params)


if __name__ == "__main__":
    main(*inputs())
