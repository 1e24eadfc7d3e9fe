"""Near miss of dh5: `build()` gives the config another attribute before `to_dict` copies it,
and the copy turns it into the axes (`("i",)`): a method storing on `self` keeps the copy
unknown (no error: the rebuilt config sums over 'i' only, where the value is varying)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Config:
    model_type = "head"

    def __init__(self, axes=("j",), **kwargs):
        self.axes = tuple(axes)
        self.scale = kwargs.pop("scale", 1.0)
        for key, value in kwargs.items():
            setattr(self, key, value)

    def build(self):
        self.reduce_axes = ("i",)

    def to_dict(self):
        output = dict(self.__dict__)
        output["axes"] = output.pop("reduce_axes", output["axes"])
        return output

    @classmethod
    def from_dict(cls, config_dict, **kwargs):
        merged = {**config_dict, **kwargs}
        return cls(**merged)


class Head:
    def __init__(self, config):
        self.config = config

    def __call__(self, x):
        h = jax.lax.psum(jnp.sum(x, axis=1, keepdims=True), "j")
        return jax.lax.psum(h, self.config.axes) * self.config.scale


def main(mesh, x):
    base = Config()
    base.build()
    config = Config.from_dict(base.to_dict())
    return jax.shard_map(Head(config), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
