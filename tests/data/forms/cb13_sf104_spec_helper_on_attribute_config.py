"""Both specs are built by a helper `to_spec(entries, reduced=())` returning
`P(*entries, reduced=set(reduced))` from tuples of a nested attribute config (a dict subclass
reading items by attribute, filled by attribute stores in `get_config()`); the config reaches the
gathering helper as its parameter."""
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


def init_projector(config, mesh, x):
    return jax.device_put(jnp.asarray(x), NamedSharding(mesh, to_spec(config.sharding.projector)))


def export_projector(kernel, config):
    spec = to_spec(config.export.projector, config.export_reduced.projector)
    return top_level_all_gather(kernel, spec)  # SF104


def main(mesh, x):
    config = get_config()
    kernel = init_projector(config, mesh, np.asarray(x))
    with jax.set_mesh(mesh):
        return export_projector(kernel, config)
