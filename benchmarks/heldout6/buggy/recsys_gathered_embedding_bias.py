"""DLRM-like model: embedding dim sharded over 'emb', an invariant item bias added after lookup."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "emb"))
LAYOUT = {"table": P(None, "emb"), "bias": P(), "ids": P("batch")}


def lookup(table, bias, ids):
    rows = table[ids]
    full = jax.lax.all_gather(rows, "emb", axis=1, tiled=True, to="reduced")
    return full + bias


def inputs():
    table = jax.random.normal(jax.random.key(29), (100, 16))
    bias = jnp.zeros((16,))
    ids = jnp.arange(8, dtype=jnp.int32) * 11 % 100
    return tuple(jax.device_put(v, NamedSharding(mesh, LAYOUT[k]))
                 for k, v in zip(("table", "bias", "ids"), (table, bias, ids)))


def main(table, bias, ids):
    f = jax.shard_map(lookup, mesh=mesh, in_specs=(LAYOUT["table"], LAYOUT["bias"], LAYOUT["ids"]),
                      out_specs=P("batch", None, reduced={"emb"}))
    return f(table, bias, ids)
