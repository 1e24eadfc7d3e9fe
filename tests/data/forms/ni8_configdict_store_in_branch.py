import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, k):
        return self[k]

    def __setattr__(self, k, v):
        self[k] = v


def get_config(wide):
    config = ConfigDict()
    config.axis = "j"
    if wide:
        config.axis = "i"
    return config


def run(mesh, x, wide=True):
    cfg = get_config(wide)
    f = jax.shard_map(lambda v: lax.all_gather(v, cfg.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
