"""Distillation soft targets: the teacher logits gathered with the default (varying) type."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RECIPES = {"hinton": lambda t, cfg: jax.nn.softmax(t / cfg["temperature"], axis=-1)}
CONFIG = {"recipe": "hinton", "temperature": 4.0, "axes": ("replica", "classes")}


def inputs():
    return (np.linspace(-3, 3, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(t_logits, cfg=CONFIG):
    replica, classes = cfg["axes"]
    mesh = jax.make_mesh((2, 4), cfg["axes"])
    t_logits = jax.device_put(t_logits, NamedSharding(mesh, P(replica, classes)))

    def soft(t):
        full = jax.lax.all_gather(t, classes, axis=1, tiled=True)
        return RECIPES[cfg["recipe"]](full, cfg)

    fn = jax.shard_map(soft, mesh=mesh, in_specs=P(replica, classes),
                       out_specs=P(replica, classes))
    return fn(t_logits)
