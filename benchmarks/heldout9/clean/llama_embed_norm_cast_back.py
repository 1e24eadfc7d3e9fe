"""Tied embedding of a Llama-like model: the gathered table's squared sum is cast back to
varying before the psum that reports the table norm."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def lm_head(h, table):
    logits = h @ table.T
    full_table = jax.lax.all_gather(table, "tp", axis=0, tiled=True, to="reduced")
    sq = jax.lax.pcast(jnp.sum(full_table * full_table), "tp", to="varying")
    return logits, {"embed_norm": jnp.sqrt(jax.lax.psum(sq, "tp"))}


def main(h, table):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    f = jax.shard_map(lm_head, mesh=mesh, in_specs=(P("dp", None), P("tp", None)),
                      out_specs=(P("dp", "tp"), {"embed_norm": P()}))
    return f(jax.device_put(h, NamedSharding(mesh, P("dp", None))),
             jax.device_put(table, NamedSharding(mesh, P("tp", None))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(105))
    return jax.random.normal(k1, (8, 16)), jax.random.normal(k2, (64, 16))
