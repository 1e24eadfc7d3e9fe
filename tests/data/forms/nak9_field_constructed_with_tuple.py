import dataclasses
import os

import jax
from jax.sharding import PartitionSpec as P

EXTRA = tuple(os.environ.get("SHARDFIX_NAK9_EXTRA", "").split())


@dataclasses.dataclass(frozen=True)
class Axes:
    rows: str = "i"
    extra: str = "j"


def run(mesh, x, axes: Axes):
    def body(v):
        s = jax.lax.psum(v, axes.extra)
        return jax.lax.all_gather(s, axes.extra, tiled=True, to="reduced")  # none: Axes is built with a tuple here

    return jax.shard_map(body, mesh=mesh, in_specs=P(axes.rows, axes.extra), out_specs=P(axes.rows, axes.extra))(x)


def main(mesh, x):
    return run(mesh, x, Axes(extra=EXTRA))
