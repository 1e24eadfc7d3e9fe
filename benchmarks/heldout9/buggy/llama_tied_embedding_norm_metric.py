"""Tied input/output embedding of a Llama-like model: logits are vocab-parallel, and the step
also reports the norm of the whole (gathered) embedding table."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def rms_norm(x, eps=1e-6):
    return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps)


def lm_head(h, table):
    logits = rms_norm(h) @ table.T
    full_table = jax.lax.all_gather(table, "tp", axis=0, tiled=True, to="reduced")
    metrics = {
        "logit_max": jax.lax.pmax(jnp.max(logits), ("dp", "tp")),
        "embed_norm": jnp.sqrt(jax.lax.psum(jnp.sum(full_table * full_table), "tp")),
    }
    return logits, metrics


def main(h, table):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    f = jax.shard_map(lm_head, mesh=mesh, in_specs=(P("dp", None), P("tp", None)),
                      out_specs=(P("dp", "tp"), {"logit_max": P(), "embed_norm": P()}))
    return f(jax.device_put(h, NamedSharding(mesh, P("dp", None))),
             jax.device_put(table, NamedSharding(mesh, P("tp", None))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(12))
    return jax.random.normal(k1, (8, 16)), jax.random.normal(k2, (64, 16))
