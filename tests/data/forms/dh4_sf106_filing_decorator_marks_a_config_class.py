"""`@register_model("vit", ViTConfig)` files the class and sets `cls.config_class = ...`, which
shadows a default the base defines (`config_class = Config`); nothing reads that attribute (an
object's `self.__dict__` holds no class attribute), so the class is still the one written and
its fields are read."""
import jax
from jax.sharding import PartitionSpec as P

MODELS = {}


class Config:
    axis = "j"


class ViTConfig(Config):
    pass


def register_model(name, config_class):
    def wrap(cls):
        MODELS[name] = cls
        cls.config_class = config_class
        return cls
    return wrap


class Base:
    config_class = Config

    def __init__(self, config):
        self.config = config

    def to_dict(self):
        return dict(self.__dict__)


@register_model("vit", ViTConfig)
class Head(Base):
    def body(self, x):
        h = jax.lax.all_gather(x, self.config.axis, axis=1, tiled=True, to="reduced")
        return h.mean(axis=-1, keepdims=True)  # SF106

    def __call__(self, mesh, x):
        return jax.shard_map(self.body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def from_config(config):
    return MODELS["vit"](config)


def main(mesh, x):
    return from_config(ViTConfig())(mesh, x)
