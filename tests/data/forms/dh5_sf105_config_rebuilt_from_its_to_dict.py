"""`Config.from_dict(Config().to_dict(), axes=["i", "j"])`: `to_dict` copies the attributes
(`dict(self.__dict__)`) in the order the constructor stored them, `from_dict` merges the
overrides and builds a new config from the keywords, so its fields are known."""
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

    def to_dict(self):
        output = dict(self.__dict__)
        output["model_type"] = self.model_type
        return output

    @classmethod
    def from_dict(cls, config_dict, **kwargs):
        merged = {**config_dict, **kwargs}
        merged.pop("model_type", None)
        return cls(**merged)


class Head:
    def __init__(self, config):
        self.config = config

    def __call__(self, x):
        h = jax.lax.psum(jnp.sum(x, axis=1, keepdims=True), "j")
        return jax.lax.psum(h, self.config.axes) * self.config.scale  # SF105


def main(mesh, x):
    config = Config.from_dict(Config().to_dict(), axes=["i", "j"])
    return jax.shard_map(Head(config), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
