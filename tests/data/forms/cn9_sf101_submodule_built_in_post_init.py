"""A dataclass block that builds its sub-module in `__post_init__` (`self.norm =
SharedMean(self.axis)`), which the generated constructor runs once the fields are set: the
block used as the body calls the sub-module, whose gather over 'j' takes a value the `pmean`
made invariant there."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


class SharedMean:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to="reduced", tiled=True)  # SF101


@dataclasses.dataclass
class Block:
    axis: str

    def __post_init__(self):
        self.norm = SharedMean(self.axis)

    def __call__(self, x):
        return self.norm(x)


def main(mesh, x):
    block = Block("j")
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
