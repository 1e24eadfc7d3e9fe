"""Knowledge distillation: soft targets from a class-sharded teacher head, several recipes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RECIPES = {
    "hinton": lambda t, cfg: t / cfg["temperature"],
    "raw": lambda t, cfg: t,
}
CONFIG = {"recipe": "hinton", "temperature": 4.0, "axes": ("replica", "classes")}


def inputs():
    t_logits = np.linspace(-3, 3, 8 * 16, dtype=np.float32).reshape(8, 16)
    return (t_logits,)


def soft_targets(t_logits, cfg):
    replica, classes = cfg["axes"]
    full = jax.lax.all_gather(t_logits, classes, axis=1, tiled=True, to="reduced")
    return RECIPES[cfg["recipe"]](full, cfg)


def main(t_logits, cfg=CONFIG):
    replica, classes = cfg["axes"]
    mesh = jax.make_mesh((2, 4), cfg["axes"])
    t_logits = jax.device_put(t_logits, NamedSharding(mesh, P(replica, classes)))
    fn = jax.shard_map(lambda t: soft_targets(t, cfg), mesh=mesh, in_specs=P(replica, classes),
                       out_specs=P(replica, None, reduced={classes}))
    return fn(t_logits)
