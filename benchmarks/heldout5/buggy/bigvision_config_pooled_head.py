"""big_vision-like trainer: the config is a hand-written ConfigDict, read by attribute."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    """A tiny stand-in for ml_collections.ConfigDict."""

    def __getattr__(self, k):
        return self[k]

    def __setattr__(self, k, v):
        self[k] = v


def get_config():
    config = ConfigDict()
    config.mesh = ConfigDict(shape=(4, 2), axes=("data", "tensor"))
    config.model = ConfigDict(width=16, num_classes=10)
    config.sharding = ConfigDict(batch="data", hidden="tensor")
    return config


def gap_head(x, w, config):
    # global average pool over tokens, then the head; hidden is sharded over 'tensor'
    pooled = jnp.mean(x, axis=1)
    logits = jax.lax.psum(pooled @ w, config.sharding.hidden)
    logits = jax.lax.all_gather(logits, config.sharding.hidden, axis=1, tiled=True, to="reduced")
    return logits


def inputs():
    config = get_config()
    mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
    x = jax.random.normal(jax.random.key(5), (8, 6, config.model.width))
    w = jax.random.normal(jax.random.key(6), (config.model.width, 8)) * 0.1
    sh = config.sharding
    x = jax.device_put(x, NamedSharding(mesh, P(sh.batch, None, sh.hidden)))
    w = jax.device_put(w, NamedSharding(mesh, P(sh.hidden, None)))
    return config, mesh, x, w


def main(config, mesh, x, w):
    sh = config.sharding
    f = jax.shard_map(lambda x, w: gap_head(x, w, config), mesh=mesh,
                      in_specs=(P(sh.batch, None, sh.hidden), P(sh.hidden, None)),
                      out_specs=P(sh.batch, None, reduced={sh.hidden}))
    return f(x, w)
