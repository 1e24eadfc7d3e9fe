"""Diffusers' `@register_to_config` beside a pipeline class whose `register_modules` records
the types of its modules through the same mixin method, on its own objects: the block's config,
recorded once by its decorated `__init__`, keeps the gather axis the psum made the value
invariant on."""
import functools
import inspect

import jax
from jax.sharding import PartitionSpec as P


class FrozenDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setitem__(self, key, value):
        raise TypeError("frozen")


class ConfigMixin:
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items() if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner


class Block(ConfigMixin):
    @register_to_config
    def __init__(self, channels, reduce_axis="j", gather_axis="j"):
        self.channels = channels

    def __call__(self, v):
        total = jax.lax.psum(v, self.config.reduce_axis)
        return jax.lax.all_gather(total, self.config.gather_axis, tiled=True, to="reduced")  # SF101


class Pipeline(ConfigMixin):
    def __init__(self, **modules):
        self.register_modules(**modules)

    def register_modules(self, **modules):
        self.register_to_config(**{name: type(module).__name__ for name, module in modules.items()})


def main(mesh, x):
    block = Block(8, reduce_axis="j")
    Pipeline(scheduler="ddim")
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
