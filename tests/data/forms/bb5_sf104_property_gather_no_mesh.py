import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    spec = P("i", None)

    def __init__(self, mesh, controls):
        self.controls = jax.device_put(controls, NamedSharding(mesh, self.spec))

    @property
    def gathered(self):
        return top_level_all_gather(self.controls, P(None, None, reduced={"i"}))  # SF104


def main(mesh, controls):
    plan = Plan(mesh, controls)
    return plan.gathered


if __name__ == "__main__":
    main(jax.make_mesh((8,), ("i",)), jax.numpy.ones((8, 8)))
