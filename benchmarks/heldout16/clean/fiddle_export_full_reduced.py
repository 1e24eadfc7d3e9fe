"""Fiddle-like experiment: Adam moments exported with every gathered axis marked reduced."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ShardingRules:
    mesh_axes: tuple = ("replica", "fsdp")
    weight: P = P("fsdp", None)
    export: P = P(None, None, reduced={"fsdp"})


def inputs():
    return ({"w": np.ones((16, 8), np.float32), "b": np.zeros((16,), np.float32)},)


def main(params, rules=ShardingRules()):
    mesh = jax.make_mesh((2, 4), rules.mesh_axes)
    specs = {"w": rules.weight, "b": P("fsdp")}
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, specs)
    opt = {"mu": jax.tree.map(jnp.zeros_like, params)}
    with jax.set_mesh(mesh):
        return top_level_all_gather(opt["mu"]["w"], rules.export)
