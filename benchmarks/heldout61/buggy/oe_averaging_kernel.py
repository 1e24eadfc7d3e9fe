"""Averaging-kernel rows of a retrieval, gathered into one matrix for the L2 product."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("pixel", "channel"))
PIXEL, CHANNEL = MESH.axis_names


def jacobian_columns(K, sy_inv_diag):
    return jax.lax.all_gather(K * sy_inv_diag[None, :, None], CHANNEL, axis=1, tiled=True, to="reduced")


def averaging_kernel(K, sy_inv_diag):
    kw = jacobian_columns(K, sy_inv_diag)
    kernel_rows = jnp.abs(kw).sum(axis=1)
    return jax.lax.all_gather(kernel_rows, MESH.axis_names, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(51)
    K = rng.normal(size=(16, 8, 5)).astype(np.float32)
    sy = np.full(8, 4.0, np.float32)
    return K, sy


def main(K, sy):
    K = jax.device_put(K, NamedSharding(MESH, P(PIXEL, CHANNEL, None)))
    sy = jax.device_put(sy, NamedSharding(MESH, P(CHANNEL)))
    fn = jax.shard_map(averaging_kernel, mesh=MESH, in_specs=(P(PIXEL, CHANNEL, None), P(CHANNEL)),
                       out_specs=P(None, None, reduced={PIXEL, CHANNEL}))
    return fn(K, sy)


if __name__ == "__main__":
    main(*inputs())
