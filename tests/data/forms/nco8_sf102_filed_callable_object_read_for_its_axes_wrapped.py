"""Near miss of co8: the decorator returns a subclass of its own whose `__call__` gathers each
axis once (valid): the object built is not of the class as written, so its `__call__` is not
the one the analysis would judge (silent)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PREPROCESSORS = {}


def register(name):
    def deco(cls):
        class Wrapped(cls):
            def __call__(self, amp):
                band = jax.lax.all_gather(amp, "j", axis=1, tiled=True, to="reduced")
                return jax.lax.all_gather(band, "i", axis=0, tiled=True, to="reduced")
        PREPROCESSORS[name] = Wrapped
        return Wrapped
    return deco


@register("whiten")
class Whitening:
    axes = ("i", "j")

    def __init__(self, level=1e-3):
        self.level = level

    def __call__(self, amp):
        flat = amp / (jnp.abs(amp) + self.level)
        band = jax.lax.all_gather(flat, self.axes[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(band, self.axes, axis=0, tiled=True, to="reduced")


def build(mesh, name):
    op = PREPROCESSORS[name]()
    row, col = op.axes
    return jax.shard_map(op, mesh=mesh, in_specs=P(row, col), out_specs=P(None, None, reduced={row, col}))


def main(mesh, x):
    return build(mesh, "whiten")(x)
