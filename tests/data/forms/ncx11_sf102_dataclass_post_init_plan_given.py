"""The same config built with a plan of one round (the `if not self.plan:` store does not run):
one gather over 'i', which is fine."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class UnshardConfig:
    shard_axis: str = "i"
    replica_axis: str = "j"
    plan: tuple = ()

    def __post_init__(self):
        if not self.plan:
            self.plan = ((self.shard_axis, 0), ((self.replica_axis, self.shard_axis), 1))


def unsharded(leaf, config):
    for axes, dim in config.plan:
        leaf = jax.lax.all_gather(leaf, axes, axis=dim, tiled=True, to="reduced")
    return leaf


def main(mesh, x):
    config = UnshardConfig(plan=(("i", 0),))
    return jax.shard_map(lambda w: unsharded(w, config), mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)
