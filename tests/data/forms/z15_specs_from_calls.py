import dataclasses

import jax
from jax.sharding import PartitionSpec as P


def batch_spec():
    """The layout of a batch."""
    return P("i")


@dataclasses.dataclass(frozen=True)
class Plan:
    stages: tuple
    tiled: bool = True

    def spec(self):
        return P(self.stages[0], self.stages[1])


def make_plan(mesh):
    return Plan(stages=tuple(mesh.axis_names))


def total(x):
    g = jax.lax.psum(x, "i")
    return jax.lax.all_gather(g, "i", axis=0, tiled=True, to="reduced")  # SF101


def materialize(x, plan):
    first = jax.lax.all_gather(x, plan.stages[0], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(first, plan.stages, axis=1, tiled=True, to="reduced")  # SF102


def run(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    plan = make_plan(mesh)
    a = jax.shard_map(total, mesh=mesh, in_specs=batch_spec(), out_specs=P(reduced={"i"}))(x)
    b = jax.shard_map(lambda v: materialize(v, plan), mesh=mesh, in_specs=plan.spec(),
                      out_specs=P(None, None, reduced={"i", "j"}))(x)
    return a, b
