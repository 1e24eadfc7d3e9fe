import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Plan:
    stages: tuple

    def spec(self):
        return P(self.stages[0])


def make_plan(mesh, reverse=False):
    return Plan(stages=tuple(reversed(mesh.axis_names)) if reverse else tuple(mesh.axis_names))


def gather_first(x):
    g = jax.lax.all_gather(x, "j", axis=0, tiled=True, to="reduced")  # x varies on j under one plan only
    return jax.lax.pcast(g, "j", to="varying")


def run(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    plan = make_plan(mesh, reverse=True)
    other = make_plan(mesh)
    a = jax.shard_map(gather_first, mesh=mesh, in_specs=plan.spec(), out_specs=P("j"))(x)
    return a, other.spec()
