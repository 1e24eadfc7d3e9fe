import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        value = self[key]
        return ConfigDict(value) if isinstance(value, dict) else value


CONFIG = ConfigDict({"loss": {"terms": ("forces", "stress")}, "parallel": {"axes": ("i", "j")}})
LOSS_FNS = {}


def loss_term(name):
    def register(fn):
        LOSS_FNS[name] = fn
        return fn
    return register


@loss_term("forces")
def force_loss(x, axes):
    return jax.lax.psum(jnp.sum(x), axes)


@loss_term("stress")
def stress_loss(x, axes):
    err = jax.lax.psum(jnp.sum(x), "j")
    return jax.lax.pmean(err, axes)  # SF105


def total_loss(x, config=CONFIG):
    axes = config.parallel.axes
    return sum(LOSS_FNS[t](x, axes) for t in config.loss.terms)


def main(mesh, x):
    return jax.shard_map(total_loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
