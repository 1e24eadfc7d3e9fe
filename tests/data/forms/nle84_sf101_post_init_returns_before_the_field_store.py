"""A dataclass whose `__post_init__` returns before it derives the report axis: the field keeps
its default 'j', on which the body's psum result still varies, so the gather is valid."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Axes:
    batch: str = "i"
    report: str = "j"
    derive: bool = False

    def __post_init__(self):
        if not self.derive:
            return
        self.report = self.batch


def main(mesh, x):
    axes = Axes()

    def body(v):
        total = jax.lax.psum(v, axes.batch)
        return jax.lax.all_gather(total, axes.report, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
