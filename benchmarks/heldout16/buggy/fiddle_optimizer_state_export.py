"""A Pax/Fiddle-style experiment: buildable configs written by hand, Adam moments exported."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Buildable:
    fn: object
    kwargs: dict = dataclasses.field(default_factory=dict)

    def build(self):
        return self.fn(**{k: v.build() if isinstance(v, Buildable) else v
                          for k, v in self.kwargs.items()})


@dataclasses.dataclass
class ShardingRules:
    mesh_axes: tuple = ("replica", "fsdp")
    weight: P = P("fsdp", None)
    bias: P = P("fsdp")
    export: P = P(None, None)


@dataclasses.dataclass
class Experiment:
    rules: ShardingRules
    learning_rate: float = 1e-3


def experiment_config():
    return Buildable(Experiment, {"rules": Buildable(ShardingRules), "learning_rate": 3e-4})


def inputs():
    params = {"w": np.ones((16, 8), np.float32), "b": np.zeros((16,), np.float32)}
    return (params,)


def main(params):
    exp = experiment_config().build()
    rules = exp.rules
    mesh = jax.make_mesh((2, 4), rules.mesh_axes)
    specs = {"w": rules.weight, "b": rules.bias}
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, specs)
    opt = {"mu": jax.tree.map(jnp.zeros_like, params), "nu": jax.tree.map(jnp.zeros_like, params)}
    with jax.set_mesh(mesh):
        exported = top_level_all_gather(opt["mu"]["w"], rules.export)
    return exported
