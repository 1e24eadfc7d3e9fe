"""Near miss of cm5: `build` pops the type from the caller's own dict (no copy), and `main` builds
twice from one dict after putting the type back and turning the statistics off: the object that is
mapped keeps no gathered statistics. A dict some other name holds is not read once popped."""
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

    def build(self, spec):
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


def main(mesh, x):
    spec = {"type": "norm", "axis": "j", "keep_stats": True}
    LAYERS.build(spec)
    spec.update(type="norm", keep_stats=False)
    norm = LAYERS.build(spec)
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", "j"), P("i")))(x)
