"""A receding-horizon controller whose nominal plan is gathered by a property for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Plan:
    spec = P("robot", None)

    def __init__(self, mesh, controls):
        self.controls = jax.device_put(controls, NamedSharding(mesh, self.spec))

    def horizon(self):
        return self.controls.shape[1]

    @property
    def gathered(self):
        return top_level_all_gather(self.controls, P(None, None, reduced={"robot"}))


def main(controls):
    mesh = jax.make_mesh((8,), ("robot",))
    plan = Plan(mesh, controls)
    if plan.horizon() < 4:
        raise ValueError("horizon too short for a receding plan")
    return plan.gathered


def inputs():
    return (np.random.default_rng(23).standard_normal((8, 12), dtype=np.float32),)
