"""Recommender export: a valid prefix of a two-axis row sharding, gathered axes listed as reduced."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("host", "chip"))
TABLE_LAYOUT = {"user": P(("host", "chip"), None)}
EXPORT_LAYOUT = {"user": P("host", None, reduced={"chip"})}


def inputs():
    return (jnp.arange(64 * 4, dtype=jnp.float32).reshape(64, 4),)


def main(user):
    with jax.set_mesh(mesh):
        placed = jax.device_put(user, NamedSharding(mesh, TABLE_LAYOUT["user"]))
        per_host = top_level_all_gather(placed, EXPORT_LAYOUT["user"])
        return jax.reshard(per_host, P("host"))
