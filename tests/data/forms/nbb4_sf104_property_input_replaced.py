import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self, mesh, controls):
        self.mesh = mesh
        self.controls = jax.device_put(controls, NamedSharding(mesh, P("i", None)))

    def replicate(self):
        self.controls = jax.device_put(self.controls, NamedSharding(self.mesh, P(None, None)))

    @property
    def gathered(self):
        return top_level_all_gather(self.controls, P(None, None))


def main(mesh, controls):
    plan = Plan(mesh, controls)
    plan.replicate()
    with jax.set_mesh(mesh):
        return plan.gathered
