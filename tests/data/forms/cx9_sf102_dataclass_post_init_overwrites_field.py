"""A dataclass config whose `__post_init__` sets the plan from the other fields whatever it was
given: the plan gathers over 'i', then over ('j', 'i'), and the second round meets the first
round's reduced value."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class UnshardConfig:
    shard_axis: str = "i"
    replica_axis: str = "j"
    plan: tuple = ()

    def __post_init__(self):
        self.plan = ((self.shard_axis, 0), ((self.replica_axis, self.shard_axis), 1))


def unsharded(leaf, config):
    for axes, dim in config.plan:
        leaf = jax.lax.all_gather(leaf, axes, axis=dim, tiled=True, to="reduced")  # SF102
    return leaf


def main(mesh, x):
    config = UnshardConfig(plan=(("i", 0),))
    return jax.shard_map(lambda w: unsharded(w, config), mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
