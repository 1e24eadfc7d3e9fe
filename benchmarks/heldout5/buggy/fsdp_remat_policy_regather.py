"""FSDP with gradient checkpointing: weights are gathered inside a remat'd block (eval batch replicated)."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, TP = "fsdp", "tp"
POLICY = jax.checkpoint_policies.nothing_saveable


def gather_weight(w, axes, axis=0):
    return jax.lax.all_gather(w, axes, axis=axis, tiled=True, to="reduced")


@functools.partial(jax.checkpoint, policy=POLICY)
def mlp_block(x, w_in, w_out):
    w_in = gather_weight(w_in, FSDP)
    h = jnp.tanh(x @ w_in)
    # w_out is stored (fsdp, tp): rows over fsdp, columns over tp
    w_out = gather_weight(w_out, FSDP)
    w_out = gather_weight(w_out, (FSDP, TP), axis=1)
    return h @ w_out


def inputs():
    mesh = jax.make_mesh((2, 4), (FSDP, TP))
    k = jax.random.split(jax.random.key(8), 3)
    x = jax.device_put(jax.random.normal(k[0], (8, 16)), NamedSharding(mesh, P()))
    w_in = jax.device_put(jax.random.normal(k[1], (16, 32)) * 0.1, NamedSharding(mesh, P(FSDP)))
    w_out = jax.device_put(jax.random.normal(k[2], (32, 16)) * 0.1, NamedSharding(mesh, P(FSDP, TP)))
    return mesh, x, w_in, w_out


def main(mesh, x, w_in, w_out):
    f = jax.shard_map(mlp_block, mesh=mesh, in_specs=(P(), P(FSDP), P(FSDP, TP)),
                      out_specs=P())
    return jax.jit(f)(x, w_in, w_out)
