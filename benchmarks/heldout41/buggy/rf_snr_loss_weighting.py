"""Rectified-flow loss weightings kept in a registry, chosen by name from the training config."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_WEIGHTINGS = {}


def register_weighting(name):
    def wrap(fn):
        LOSS_WEIGHTINGS[name] = fn
        return fn
    return wrap


@register_weighting("uniform")
def uniform_weighting(t, axes):
    return jnp.ones_like(t)


@register_weighting("min_snr")
def min_snr_weighting(t, axes, gamma=5.0):
    snr = ((1.0 - t) / (t + 1e-3)) ** 2
    w = jnp.minimum(snr, gamma) / (snr + 1.0)
    return jax.lax.all_gather(w, axes[1], axis=1, tiled=True, to="reduced")


@dataclasses.dataclass
class TrainConfig:
    weighting: str = "min_snr"
    axes: tuple = ("data", "model")


def weight_table(t, cfg):
    w = LOSS_WEIGHTINGS[cfg.weighting](t, cfg.axes)
    return jax.lax.all_gather(w, cfg.axes, axis=0, tiled=True, to="reduced")


def inputs():
    t = np.linspace(0.01, 0.99, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (t,)


def main(t):
    cfg = TrainConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    t = jax.device_put(t, NamedSharding(mesh, P(*cfg.axes)))
    table = jax.shard_map(lambda x: weight_table(x, cfg), mesh=mesh, in_specs=P(*cfg.axes),
                          out_specs=P(None, None, reduced=set(cfg.axes)))(t)
    return table


if __name__ == "__main__":
    main(*inputs())
