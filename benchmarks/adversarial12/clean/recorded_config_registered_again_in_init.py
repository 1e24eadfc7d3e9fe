"""A scheduler-like __init__ records one key again (register_to_config inside __init__), as diffusers does."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P
import functools
import inspect


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


class Reducer(ConfigMixin):
    @register_to_config
    def __init__(self, sync_axes=("i", "j"), rows_only=False):
        if rows_only:
            self.register_to_config(sync_axes=("i",))

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.config.sync_axes)


def main(mesh, x):
    reducer = Reducer(rows_only=True)
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
