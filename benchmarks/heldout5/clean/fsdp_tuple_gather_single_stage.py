"""FSDP under remat: the (fsdp, tp)-sharded weight is gathered in one tuple gather."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, TP = "fsdp", "tp"


@functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.nothing_saveable)
def block(x, w):
    w = jax.lax.all_gather(w, (FSDP, TP), axis=0, tiled=True, to="reduced")
    return jnp.tanh(x @ w)


def inputs():
    mesh = jax.make_mesh((2, 4), (FSDP, TP))
    x = jax.device_put(jax.random.normal(jax.random.key(3), (8, 16)), NamedSharding(mesh, P()))
    w = jax.device_put(jax.random.normal(jax.random.key(4), (16, 8)) * 0.1, NamedSharding(mesh, P((FSDP, TP))))
    return mesh, x, w


def main(mesh, x, w):
    return jax.jit(jax.shard_map(block, mesh=mesh, in_specs=(P(), P((FSDP, TP))), out_specs=P()))(x, w)
