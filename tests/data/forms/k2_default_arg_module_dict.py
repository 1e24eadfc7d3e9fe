import jax
from jax import lax
from jax.sharding import PartitionSpec as P

CONFIG = {"axes": ("i", "j"), "lr": 0.1}


def body(x, cfg=CONFIG):
    g = lax.all_gather(x, cfg["axes"], axis=0, tiled=True, to="reduced")
    return g * 2  # SF106


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i", "j"}))(x)
