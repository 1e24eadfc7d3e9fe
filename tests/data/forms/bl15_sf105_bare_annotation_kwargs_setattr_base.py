"""A subclass of a kwargs-setattr base declares its field by a bare class annotation; the axes are a frozen dataclass's tuple field."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
    coef: float = 1e-3
    axes: tuple = ("i", "j")


class Module:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)


class ZLoss(Module):
    config: Config

    def __call__(self, logits):
        lse = jnp.log(jax.lax.psum(jnp.exp(logits).sum(-1), self.config.axes[1]))
        return self.config.coef * jax.lax.pmean(jnp.square(lse).mean(), self.config.axes)  # SF105


def main(mesh, x):
    cfg = Config()
    return jax.shard_map(ZLoss(config=cfg), mesh=mesh, in_specs=P(*cfg.axes), out_specs=P())(x)
