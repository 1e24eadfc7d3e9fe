"""Constructor hooks whose result is not certain from the constructions: a setup run again after
an attribute changes, a setattr loop beside another setattr, and a hook that runs before the
attribute it reads is set."""
import jax
from jax.sharding import PartitionSpec as P


class Layer:
    def __init__(self, axis):
        self.axis = axis
        self.setup()

    def setup(self):
        self.gather_axes = (self.axis,)

    def body(self, v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, self.gather_axes, axis=1, tiled=True, to="reduced")  # none: gather_axes is ('j',)


class Options:
    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            setattr(self, key, value)


class Late:
    def __init__(self, axis):
        self.prepare()
        self.axis = axis

    def prepare(self):
        self.axes = ("i",)


def run(mesh, x):
    layer = Layer("i")
    layer.axis = "j"
    layer.setup()
    opts = Options(axis="i")
    setattr(opts, "axis", "j")
    late = Late("j")
    late.axes = ("j",)

    def with_opts(v):
        total = jax.lax.psum(v, "i")
        g = jax.lax.all_gather(total, opts.axis, axis=1, tiled=True, to="reduced")  # none: opts.axis is 'j'
        return g, jax.lax.all_gather(total, late.axes, axis=1, tiled=True, to="reduced")  # none: late.axes is ('j',)

    a = jax.shard_map(layer.body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
    b = jax.shard_map(with_opts, mesh=mesh, in_specs=P("i", "j"),
                      out_specs=(P(None, None, reduced={"j"}), P(None, None, reduced={"j"})))(x)
    return a, b
