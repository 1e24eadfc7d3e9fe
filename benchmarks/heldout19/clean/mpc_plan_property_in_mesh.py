"""Receding-horizon plan gathered by a property, read inside the mesh block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Plan:
    spec = P("robot", None)

    def __init__(self, mesh, controls):
        self.controls = jax.device_put(controls, NamedSharding(mesh, self.spec))

    @property
    def gathered(self):
        return top_level_all_gather(self.controls, P(None, None, reduced={"robot"}))


def main(controls):
    mesh = jax.make_mesh((8,), ("robot",))
    with jax.set_mesh(mesh):
        plan = Plan(mesh, controls)
        return jax.reshard(plan.gathered, P())


def inputs():
    return (np.random.default_rng(108).standard_normal((8, 12), dtype=np.float32),)
