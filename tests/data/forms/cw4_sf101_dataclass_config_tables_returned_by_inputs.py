"""A dataclass config whose axes are a table field (`field(default_factory=...)`) is the first
item of what `inputs()` returns. No code changes that table through any name that may hold it (a
log list is changed in place, which says nothing of it): the body's psum result is gathered to
'reduced' over the axis it is invariant on."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Config:
    axes: dict = dataclasses.field(default_factory=lambda: {"sum": "i", "gather": "i"})
    scale: float = 2.0


def inputs(mesh, x):
    log = []
    log.append("built")
    return Config(), mesh, x, log


def main(cfg, mesh, x, log):
    def body(block):
        total = jax.lax.psum(block, cfg.axes["sum"])
        return jax.lax.all_gather(total, cfg.axes["gather"], tiled=True, to="reduced")  # SF101

    log.append("run")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def run(mesh, x):
    return main(*inputs(mesh, x))
