"""A registry read as Detectron2 reads its own, `NORMS.get(name)(...)`: `get` returns the entry
filed under the class's own name by `@NORMS.register_module()` and the caller builds it at once.
The built norm gathers its psum result, invariant on 'j', to 'reduced'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Registry:
    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None):
        def _register(obj):
            self._module_dict[name or obj.__name__] = obj
            return obj
        return _register

    def get(self, key):
        return self._module_dict[key]


NORMS = Registry("norms")


@NORMS.register_module()
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
    norm = NORMS.get("GatherNorm")(axis="j", keep_stats=True)
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", "j"), P("i", reduced={"j"})))(x)
