import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


CONFIG = ConfigDict(sharding=ConfigDict(axis="j"))


def override(cfg):
    cfg.sharding.axis = "i"  # changes the module's config before the body reads it


def run(mesh, x):
    override(CONFIG)
    f = jax.shard_map(lambda v: lax.all_gather(v, CONFIG.sharding.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
