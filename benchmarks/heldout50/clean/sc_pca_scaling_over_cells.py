"""Per-gene z-scaling before PCA, with clipping as scanpy's pp.scale(max_value=10) does."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CELL_AXIS = "cells"
GENE_AXIS = "genes"


def gene_std(block, *, axis_name=GENE_AXIS, eps=1e-8):
    std = jnp.sqrt(block.var(axis=0, keepdims=True) + eps)
    return jax.lax.all_gather(std, axis_name, axis=1, tiled=True, to="reduced")


def scale_budget(block, *, axis_name=GENE_AXIS, max_value=10.0):
    std = gene_std(block, axis_name=axis_name)
    spread = std.sum(axis=1, keepdims=True)
    return jax.lax.psum(spread, CELL_AXIS)


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), (CELL_AXIS, GENE_AXIS))
    x = jax.device_put(x, NamedSharding(mesh, P(CELL_AXIS, GENE_AXIS)))
    f = jax.shard_map(lambda b: scale_budget(b, max_value=8.0), mesh=mesh,
                      in_specs=P(CELL_AXIS, GENE_AXIS), out_specs=P(None, None, reduced={GENE_AXIS}))
    return f(x)


if __name__ == "__main__":
    main(*inputs())
