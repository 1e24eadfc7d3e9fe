"""A registry decorator files each class in a record with its default keywords (`TABLE[name] =
{"impl": cls, "default": defaults}`, Hugging Face's pipeline table), and `create` merges the
caller's overrides over them: the object built is the filed class with the merged keywords, so
its gather is to 'reduced' over 'j' and the mean divides it."""
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
        return h.mean(axis=-1, keepdims=True) + self.eps  # SF106


def main(mesh, x):
    norm = create("norm", eps=1e-6)
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
