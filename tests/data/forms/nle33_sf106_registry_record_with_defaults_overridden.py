"""Near miss of le27: the caller's override `to="invarying"` wins over the filed default
'reduced' (later keys of the merged dict win), so the gathered value is invariant and its mean
is fine."""
import jax
from jax.sharding import PartitionSpec as P

LAYERS = {}


def register(name, **defaults):
    def deco(cls):
        LAYERS[name] = {"impl": cls, "default": defaults}
        return cls
    return deco


def create(name, **overrides):
    entry = LAYERS[name]
    return entry["impl"](**{**entry["default"], **overrides})


@register("norm", axis="j", to="reduced", eps=1e-5)
class GatheredNorm:
    def __init__(self, axis, to, eps):
        self.axis, self.to, self.eps = axis, to, eps

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, to=self.to, tiled=True)
        return h.mean(axis=-1, keepdims=True) + self.eps


def main(mesh, x):
    norm = create("norm", to="invarying")
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
