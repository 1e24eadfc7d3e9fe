"""The body takes its axis table from a parameter default, an object built where the def is
(`cfg=Layout()`), whose `__init__` stores a dict of axis names: the gathered (reduced) rows are
gathered again."""
import jax
from jax.sharding import PartitionSpec as P


class Layout:
    def __init__(self):
        self.axes = {"rows": "i", "cols": "j"}
        self.tiled = True


def regather(block, cfg=Layout()):
    rows = jax.lax.all_gather(block, cfg.axes["rows"], axis=0, tiled=cfg.tiled, to="reduced")
    return jax.lax.all_gather(rows, cfg.axes["rows"], axis=1, tiled=cfg.tiled, to="reduced")  # SF103


def run(mesh, x):
    return jax.shard_map(regather, mesh=mesh, in_specs=P("i"), out_specs=P(None, None, reduced={"i"}))(x)
