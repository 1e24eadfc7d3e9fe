import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, k):
        return self[k]


CONFIG = ConfigDict(axis="j", lr=0.1)
OVERRIDES = {"axis": "i"}


def run(mesh, x):
    CONFIG.update(OVERRIDES)
    f = jax.shard_map(lambda v: lax.all_gather(v, CONFIG.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
