"""A diffusers-like pipeline registers its parts through a base-class method that sets every
keyword as a field (`for name, module in modules.items(): setattr(self, name, module)`), called
by `__init__` only: that call stores `self.norm = norm`, the object `from_config` built (its
`inspect.signature(cls.__init__)` only reads the constructor)."""
import inspect

import jax
from jax.sharding import PartitionSpec as P


class ConfigMixin:
    @classmethod
    def from_config(cls, config):
        accepted = inspect.signature(cls.__init__).parameters
        return cls(**{k: v for k, v in config.items() if k in accepted})


class Norm(ConfigMixin):
    def __init__(self, stat_axes=("i",)):
        self.stat_axes = stat_axes


class DiffusionPipeline:
    def register_modules(self, **modules):
        for name, module in modules.items():
            setattr(self, name, module)


class StatsPipeline(DiffusionPipeline):
    def __init__(self, norm, mesh):
        self.register_modules(norm=norm)
        self.mesh = mesh

    def _body(self, x):
        total = jax.lax.psum(x.sum(axis=1), "j")
        return jax.lax.pmean(total, self.norm.stat_axes)  # SF105

    def __call__(self, x):
        return jax.shard_map(self._body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    norm = Norm.from_config({"stat_axes": ("i", "j"), "sample_size": 16})
    return StatsPipeline(norm, mesh)(x)
