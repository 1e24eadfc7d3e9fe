import dataclasses

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ExportPlan:
    placed: P = dataclasses.field(default_factory=lambda: P(("i", "j"), None))
    written: P = dataclasses.field(default_factory=lambda: P("j", None, reduced={"i"}))


def run(mesh, x):
    plan = ExportPlan()
    plan.written = P("i", None, reduced={"j"})  # the field is no longer its default
    table = jax.device_put(x, NamedSharding(mesh, plan.placed))
    with jax.set_mesh(mesh):
        return top_level_all_gather(table, plan.written)
