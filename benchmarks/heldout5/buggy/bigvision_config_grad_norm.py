"""big_vision-like config: the global grad norm is summed over config.sharding.all_axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


def get_config():
    return ConfigDict(
        mesh=ConfigDict(shape=(2, 4), axes=("replica", "fsdp")),
        sharding=ConfigDict(params="fsdp", batch="replica", all_axes=("replica", "fsdp")),
        grad_clip_norm=1.0,
    )


def global_norm(grads, config):
    sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
    sq = jax.lax.psum(sq, config.sharding.all_axes)
    return jnp.sqrt(sq)


def train_step(params, x, config):
    g = jax.grad(lambda p: jnp.mean(jnp.tanh(x @ p["w"]) ** 2))(params)
    return global_norm(g, config)


def inputs():
    config = get_config()
    mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
    params = {"w": jax.device_put(jnp.ones((8, 16)) * 0.1, NamedSharding(mesh, P(None, "fsdp")))}
    x = jax.device_put(jax.random.normal(jax.random.key(36), (8, 8)), NamedSharding(mesh, P(None)))
    return config, mesh, params, x


def main(config, mesh, params, x):
    f = jax.shard_map(lambda p, x: train_step(p, x, config), mesh=mesh,
                      in_specs=({"w": P(None, "fsdp")}, P(None)), out_specs=P())
    return f(params, x)
