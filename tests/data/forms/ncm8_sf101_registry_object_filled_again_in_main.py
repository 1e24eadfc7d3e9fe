"""Near miss of cm5: `main` files another class under "norm" before building (the guard raises
only for a key already there, so it first drops the old one through `unregister`), and the class
built keeps its statistics local. A registry some function changes is not read as the module
left it."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Registry:
    def __init__(self, name):
        self.name = name
        self._entries = {}

    def register(self, key):
        def deco(cls):
            if key in self._entries:
                raise KeyError(f"{key} already in {self.name}")
            self._entries[key] = cls
            return cls
        return deco

    def unregister(self, key):
        del self._entries[key]

    def build(self, spec):
        spec = dict(spec)
        return self._entries[spec.pop("type")](**spec)


LAYERS = Registry("layers")


@LAYERS.register("norm")
class GatherNorm:
    def __init__(self, axis="i", keep_stats=False):
        self.axis, self.keep_stats = axis, keep_stats

    def __call__(self, x):
        ms = jax.lax.psum(jnp.sum(x * x, axis=-1), self.axis)
        y = x * jax.lax.rsqrt(ms + 1e-6)[:, None]
        if self.keep_stats:
            return y, jax.lax.all_gather(ms, self.axis, to="reduced", tiled=True)
        return y, ms


class LocalNorm:
    def __init__(self, axis="i", keep_stats=False):
        self.axis = axis

    def __call__(self, x):
        ms = jax.lax.psum(jnp.sum(x * x, axis=-1), self.axis)
        return x * jax.lax.rsqrt(ms + 1e-6)[:, None], ms


def main(mesh, x):
    LAYERS.unregister("norm")
    LAYERS.register("norm")(LocalNorm)
    norm = LAYERS.build({"type": "norm", "axis": "j", "keep_stats": True})
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", "j"), P("i")))(x)
