"""SimCLR checkpoint export: the projector kernel is column-sharded in training and written out
whole for linear-probe evaluation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


def get_config():
    config = ConfigDict()
    config.mesh = ConfigDict(shape=(2, 4), axes=("data", "model"))
    config.sharding = ConfigDict(projector=(None, "model"), predictor=("model", None))
    config.export = ConfigDict(projector=(None, None), predictor=(None, None))
    config.export_reduced = ConfigDict(projector=(), predictor=("model",))
    return config


def to_spec(entries, reduced=()):
    return P(*entries, reduced=set(reduced))


def init_projector(config, mesh):
    kernel = jnp.asarray(np.random.default_rng(3).normal(size=(32, 64)), jnp.float32)
    return jax.device_put(kernel, NamedSharding(mesh, to_spec(config.sharding.projector)))


def export_projector(kernel, config):
    spec = to_spec(config.export.projector, config.export_reduced.projector)
    return top_level_all_gather(kernel, spec)


def inputs():
    return ()


def main():
    config = get_config()
    mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
    kernel = init_projector(config, mesh)
    with jax.set_mesh(mesh):
        return export_projector(kernel, config)


if __name__ == "__main__":
    main(*inputs())
