"""A registry object keeps its classes in a field (`self._entries[key] = cls` in the decorator its
`register` method returns) and builds one from a `{"type": ..., **kwargs}` dict: `build` copies the
dict, pops the type and passes the rest as keywords. The built norm gathers its psum result,
invariant on 'j', to 'reduced'."""
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
            return y, jax.lax.all_gather(ms, self.axis, to="reduced", tiled=True)  # SF101
        return y, ms


def main(mesh, x):
    norm = LAYERS.build({"type": "norm", "axis": "j", "keep_stats": True})
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", "j"), P("i", reduced={"j"})))(x)
