import jax
from jax import lax
from jax.sharding import PartitionSpec as P
from omegaconf import OmegaConf

CFG = OmegaConf.create({"data_axis": "i", "gather_axis": "${data_axis}", "axes": ["i", "j"]})


def run(mesh, x):
    # "${data_axis}" is resolved when read: the axis is 'i', not the written string
    f = jax.shard_map(lambda v: lax.all_gather(v, CFG.gather_axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
