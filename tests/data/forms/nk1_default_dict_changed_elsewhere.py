import jax
from jax import lax
from jax.sharding import PartitionSpec as P

CONFIG = {"axis": "j"}


def configure(cfg=CONFIG):
    cfg["axis"] = "i"  # the default object itself: every later default sees "i"


def body(x, cfg=CONFIG):
    return lax.all_gather(x, cfg["axis"], axis=0, tiled=True, to="reduced")


def run(mesh, x):
    configure()
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
