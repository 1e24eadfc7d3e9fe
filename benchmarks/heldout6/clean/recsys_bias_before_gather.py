"""DLRM-like lookup: the invariant bias slice added to the varying rows before the gather."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "emb"))
LAYOUT = {"table": P(None, "emb"), "bias": P("emb"), "ids": P("batch")}


def lookup(table, bias, ids):
    rows = table[ids] + bias
    return jax.lax.all_gather(rows, "emb", axis=1, tiled=True, to="reduced")


def inputs():
    vals = {"table": jax.random.normal(jax.random.key(12), (100, 16)), "bias": jnp.ones((16,)),
            "ids": jnp.arange(8, dtype=jnp.int32) * 11 % 100}
    return tuple(jax.device_put(vals[k], NamedSharding(mesh, LAYOUT[k])) for k in ("table", "bias", "ids"))


def main(table, bias, ids):
    f = jax.shard_map(lookup, mesh=mesh, in_specs=(LAYOUT["table"], LAYOUT["bias"], LAYOUT["ids"]),
                      out_specs=P("batch", None, reduced={"emb"}))
    return f(table, bias, ids)
