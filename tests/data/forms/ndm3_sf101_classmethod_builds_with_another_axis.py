"""(Negative) diffusers' config classes: `from_config`, inherited from the mixin, builds `cls(...)` of the
config items `__init__` names (`inspect.signature`). Read as `Model.from_config` it builds a Model
only, so the quantizer the Model's `__init__` makes is built there alone, with the axis the model
was given: one the value still varies on after the psum over the other."""
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

    @classmethod
    def from_config(cls, config):
        accepted = inspect.signature(cls.__init__).parameters
        return cls(**{k: v for k, v in config.items() if k in accepted})


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items() if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner


class Quantizer(ConfigMixin):
    @register_to_config
    def __init__(self, reduce_axis="j", gather_axis="i"):
        pass

    def __call__(self, v):
        total = jax.lax.psum(v, self.config.reduce_axis)
        return jax.lax.all_gather(total, self.config.gather_axis, tiled=True, to="reduced")


class Model(ConfigMixin):
    @register_to_config
    def __init__(self, codebook_axis="j"):
        self.quantize = Quantizer(gather_axis=codebook_axis)

    def encode(self, v):
        return self.quantize(v)


def main(mesh, x):
    model = Model.from_config({"codebook_axis": "i", "_class_name": "Model"})
    return jax.shard_map(model.encode, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)
