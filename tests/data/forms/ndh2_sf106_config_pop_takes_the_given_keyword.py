"""Near miss of dh2: the construction passes `to="invarying"`, which the pop takes instead of
its default "reduced" (no error: the gather is to 'invarying')."""
import jax
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, **kwargs):
        self.axis = kwargs.pop("axis", "j")
        self.to = str(kwargs.pop("to", "reduced"))
        for key, value in kwargs.items():
            setattr(self, key, value)


class Head:
    def __init__(self, config):
        self.config = config

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.config.axis, axis=1, tiled=True, to=self.config.to)
        return h.mean(axis=-1, keepdims=True) * self.config.scale


def main(mesh, x):
    config = Config(to="invarying", scale=2.0)
    return jax.shard_map(Head(config), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
