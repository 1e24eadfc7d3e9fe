import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class AttrDict(dict):
    def __getattr__(self, key):
        return self[key]


def to_attr(value):
    if isinstance(value, dict):
        return AttrDict({key: to_attr(item) for key, item in value.items()})
    return value


def get_config():
    return to_attr({"sharding": {"batch": "i", "hidden": "j"}, "steps": 10})


def head(mesh, x):
    config = get_config()

    def body(v):
        logits = jax.lax.psum(jnp.sum(v, axis=1, keepdims=True), config.sharding.hidden)
        return jax.lax.all_gather(logits, config.sharding.hidden, axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(config.sharding.batch, config.sharding.hidden),
                         out_specs=P(config.sharding.batch, None, reduced={config.sharding.hidden}))(x)
