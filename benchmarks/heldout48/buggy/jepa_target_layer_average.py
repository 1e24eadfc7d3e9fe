"""V-JEPA / data2vec targets: the teacher's top layers are summed over the tube shards layer by
layer; the averaged target norm is kept per tube shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


def get_config():
    return ConfigDict(top_k_layers=3, mesh_axes=("fsdp", "tube"), tube_axis="tube")


def make_target_fn(config):
    def target_fn(layers):
        acc = 0.0
        for k in range(config.top_k_layers):
            acc = acc + jax.lax.psum(jnp.sum(layers[k] ** 2, axis=-1), config.tube_axis)
        avg = acc / config.top_k_layers
        return jax.lax.all_gather(avg, config.tube_axis, axis=1, tiled=True, to="reduced")
    return target_fn


def inputs():
    return (np.random.default_rng(60).normal(size=(3, 8, 16, 4)).astype(np.float32),)


def main(layers):
    config = get_config()
    mesh = jax.make_mesh((4, 2), config.mesh_axes)
    spec = P(None, "fsdp", "tube", None)
    layers = jax.device_put(layers, NamedSharding(mesh, spec))
    return jax.shard_map(make_target_fn(config), mesh=mesh, in_specs=spec,
                         out_specs=P("fsdp", None, reduced={"tube"}))(layers)


if __name__ == "__main__":
    main(*inputs())
