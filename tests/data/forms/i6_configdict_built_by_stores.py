import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    """A tiny stand-in for ml_collections.ConfigDict."""

    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k)

    def __setattr__(self, k, v):
        self[k] = v


def get_config():
    config = ConfigDict()
    config.model = ConfigDict(width=8)
    config.sharding = ConfigDict(batch="i", hidden="j")
    config.sharding.pool = "j"
    return config


def gap_head(x, config):
    pooled = jnp.mean(x, axis=0)
    logits = lax.psum(pooled, config.sharding.hidden)
    return lax.all_gather(logits, config.sharding.pool, tiled=True, to="reduced")  # SF101


def make(config):
    return jax.shard_map(lambda x: gap_head(x, config), mesh=jax.make_mesh((2, 4), ("i", "j")),
                         in_specs=P(config.sharding.batch, config.sharding.hidden), out_specs=P("i", reduced={"j"}))


def run(mesh, x):
    return make(get_config())(x)
