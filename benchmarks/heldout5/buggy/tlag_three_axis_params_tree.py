"""Checkpoint export: params placed with jax.tree.map over a spec tree, gathered over the last axes."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("pod", "replica", "fsdp")
PARAM_SPECS = {"embed": P(AXES, None), "head": P(None, "fsdp")}
EXPORT_SPECS = {"embed": P(("pod", "replica"), None, reduced={"fsdp"})}


def inputs():
    mesh = jax.make_mesh((2, 2, 2), AXES)
    params = {"embed": jnp.arange(64.0).reshape(16, 4), "head": jnp.ones((4, 8))}
    return mesh, params


def main(mesh, params):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, PARAM_SPECS)
        embed = top_level_all_gather(placed["embed"], EXPORT_SPECS["embed"])
    return embed
