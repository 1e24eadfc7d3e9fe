"""HuggingFace-style configs take their options out of `**kwargs` with defaults
(`kwargs.pop("axis", "j")`) and set the rest as attributes: the construction's keywords and the
defaults give the fields."""
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
        return h.mean(axis=-1, keepdims=True) * self.config.scale  # SF106


def main(mesh, x):
    config = Config(scale=2.0)
    return jax.shard_map(Head(config), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
