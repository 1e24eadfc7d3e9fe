import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


def get_config():
    return ConfigDict(
        mesh=ConfigDict(shape=(2, 4), axes=("i", "j")),
        sharding=ConfigDict(params="j", batch="i", all_axes=("i", "j")),
        clip=1.0,
    )


CONFIG = get_config()


def global_norm(grads, config):
    sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
    return jnp.sqrt(lax.psum(sq, config.sharding.all_axes))  # SF105


def run(mesh, x):
    f = jax.shard_map(lambda g: global_norm({"w": g}, CONFIG), mesh=mesh,
                      in_specs=P(None, CONFIG.sharding.params), out_specs=P())
    return f(x)
