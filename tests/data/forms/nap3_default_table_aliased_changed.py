"""Near miss of ap5: the default object's dict is handed out (`table = cfg.axes`) and changed
before the body reads it, so the second collective sums over 'j', where the value varies (fine):
a dict the module reads other than by key may be the one changed."""
import jax
from jax.sharding import PartitionSpec as P


class Layout:
    def __init__(self):
        self.axes = {"rows": "i", "sum": "i"}


def configure(cfg):
    table = cfg.axes
    table["sum"] = "j"


def regather(block, cfg=Layout()):
    configure(cfg)
    rows = jax.lax.all_gather(block, cfg.axes["rows"], axis=0, tiled=True, to="reduced")
    return jax.lax.psum(rows, cfg.axes["sum"])


def run(mesh, x):
    return jax.shard_map(regather, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)
