"""A callable object is the body; its class is filed by a decorator that only files it
(`@register("whiten")`), and the builder reads the object's class-attribute axes
(`row, col = op.axes`) for the specs: reading a field cannot call the object, so every call of
it is the analysed body, whose second gather meets a value already reduced on "j"."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PREPROCESSORS = {}


def register(name):
    def deco(cls):
        PREPROCESSORS[name] = cls
        return cls
    return deco


@register("whiten")
class Whitening:
    axes = ("i", "j")

    def __init__(self, level=1e-3):
        self.level = level

    def __call__(self, amp):
        flat = amp / (jnp.abs(amp) + self.level)
        band = jax.lax.all_gather(flat, self.axes[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(band, self.axes, axis=0, tiled=True, to="reduced")  # SF102


def build(mesh, name):
    op = PREPROCESSORS[name]()
    row, col = op.axes
    return jax.shard_map(op, mesh=mesh, in_specs=P(row, col), out_specs=P(None, None, reduced={row, col}))


def main(mesh, x):
    return build(mesh, "whiten")(x)
