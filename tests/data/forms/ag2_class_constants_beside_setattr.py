import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Ax:
    ALL = ("i", "j")


class Config:
    def __init__(self, **overrides):
        self.scale = 1.0
        for key, value in overrides.items():
            setattr(self, key, value)


def run(mesh, x):
    cfg = Config(scale=0.5)

    def body(v):
        return jax.lax.psum(jnp.sum(v, axis=0), Ax.ALL)  # SF105: setattr(self, ...) cannot change a class attribute

    return cfg.scale * jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
