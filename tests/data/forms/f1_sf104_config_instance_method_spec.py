import dataclasses

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Plan:
    rows: str = "i"
    cols: str = "j"

    def placed(self):
        return P(self.rows, self.cols)

    def gathered(self):
        return P(self.rows, None)


PLAN = Plan()


def run(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, PLAN.placed()))
        return top_level_all_gather(y, PLAN.gathered())  # SF104: 'j' gathered, not listed reduced
