"""PPO trainer: masked advantage whitening with statistics shared across the batch axis."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


PPO_CONFIG = ConfigDict(batch_axis="batch", model_axis="model", whiten=True, shift_mean=True)


def masked_sum(values, mask, axis_name):
    return jax.lax.psum((values * mask).sum(axis=0), axis_name)


def masked_whiten(values, mask, config):
    total = masked_sum(values, mask, config.batch_axis)
    count = masked_sum(jnp.ones_like(values), mask, config.batch_axis)
    mean = (total / count)[None]
    return jax.lax.all_gather(mean, config.batch_axis, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    s = NamedSharding(mesh, P("batch", "model"))
    adv = jax.random.normal(jax.random.key(4), (8, 16))
    return mesh, jax.device_put(adv, s), jax.device_put(jnp.ones((8, 16)), s)


def main(mesh, advantages, mask):
    fn = jax.shard_map(lambda a, m: masked_whiten(a, m, PPO_CONFIG), mesh=mesh,
                       in_specs=(P("batch", "model"),) * 2, out_specs=P(None, "model", reduced={"batch"}))
    return fn(advantages, mask)


if __name__ == "__main__":
    main(*inputs())
