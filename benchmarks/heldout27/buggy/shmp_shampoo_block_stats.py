"""Shampoo: left preconditioner statistics of each block, pooled for the inverse-root step."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("fsdp", "tp")
gather_rows = functools.partial(jax.lax.all_gather, axis_name="fsdp", axis=0, tiled=True, to="reduced")
gather_blocks = functools.partial(jax.lax.all_gather, axis_name=MESH_AXES, axis=1, tiled=True, to="reduced")


def block_statistics(grad, block_size=4):
    blocks = grad.reshape(grad.shape[0], -1, block_size)
    return jnp.einsum("rbk,rbl->bkl", blocks, blocks)


def preconditioner_stats(grad):
    stats = block_statistics(grad)
    stats = gather_rows(stats)
    return gather_blocks(stats)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    grad = jax.device_put(grad, NamedSharding(mesh, P("tp", "fsdp")))
    fn = jax.shard_map(preconditioner_stats, mesh=mesh, in_specs=P("tp", "fsdp"),
                       out_specs=P(None, None, None, reduced=set(MESH_AXES)))
    return fn(grad)


if __name__ == "__main__":
    print(main(*inputs()))
