import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

LAYOUT = {"table": P(None, "j"), "bias": P(), "ids": P("i")}
SPECS = (P("i"), P())


def lookup(table, bias, ids):
    rows = table[ids]
    full = jax.lax.all_gather(rows, "j", axis=1, tiled=True, to="reduced")
    return full + bias  # SF106


def scaled(x, w):
    g = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return g * w  # SF106


def run(mesh, x):
    ids = jnp.arange(8, dtype=jnp.int32)
    out = jax.shard_map(lookup, mesh=mesh, in_specs=(LAYOUT["table"], LAYOUT["bias"], LAYOUT["ids"]),
                        out_specs=P("i", None, reduced={"j"}))(x, x[0], ids)
    return out, jax.shard_map(scaled, mesh=mesh, in_specs=(SPECS[0], SPECS[-1]), out_specs=P(reduced={"i"}))(x, x)
