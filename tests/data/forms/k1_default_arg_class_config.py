import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class Cfg:
    axis = "j"


def body(x, cfg=Cfg):
    return lax.all_gather(x, cfg.axis, axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i", reduced={"j"}))(x)
