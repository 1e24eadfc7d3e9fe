"""Coefficient of variation of expert load, the usual MoE imbalance number."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"data": 4, "expert": 2}
LOG_AXES = tuple(MESH_SHAPE)


def tokens_per_expert(dispatch_mask):
    return jax.lax.psum(dispatch_mask.sum(axis=0), "data")


def load_cv(dispatch_mask):
    load = tokens_per_expert(dispatch_mask)
    mean = jax.lax.pmean(load.mean(), "expert")
    sq = jax.lax.pmean(((load - mean) ** 2).mean(), LOG_AXES)
    return jnp.sqrt(sq) / (mean + 1e-6)


def inputs():
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    rng = np.random.default_rng(4)
    mask = (rng.random((64, 8)) < 0.25).astype(np.float32)
    return mesh, jax.device_put(mask, NamedSharding(mesh, P("data", "expert")))


def main(mesh, mask):
    f = jax.shard_map(load_cv, mesh=mesh, in_specs=P("data", "expert"), out_specs=P())
    return f(mask)


if __name__ == "__main__":
    main(*inputs())
