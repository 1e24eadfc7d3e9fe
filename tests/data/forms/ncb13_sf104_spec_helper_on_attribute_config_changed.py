"""Near misses of cb13: the config's reduced entry is replaced after `get_config()` (by the axis
the gather needs)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class ConfigDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


def get_config():
    config = ConfigDict()
    config.sharding = ConfigDict(projector=(None, "j"))
    config.export = ConfigDict(projector=(None, None))
    config.export_reduced = ConfigDict(projector=())
    return config


def to_spec(entries, reduced=()):
    return P(*entries, reduced=set(reduced))


def export_projector(kernel, config):
    spec = to_spec(config.export.projector, config.export_reduced.projector)
    return top_level_all_gather(kernel, spec)


def main(mesh, x):
    config = get_config()
    config.export_reduced = ConfigDict(projector=("j",))
    kernel = jax.device_put(jnp.asarray(np.asarray(x)), NamedSharding(mesh, to_spec(config.sharding.projector)))
    with jax.set_mesh(mesh):
        return export_projector(kernel, config)
