import jax
from jax.sharding import PartitionSpec as P

NAMES = ("i", "j")


def reduce_all(g, axes=None):
    axes = axes or ("i", "j")
    return jax.lax.psum(g, axes)  # none: the caller passes 'i' alone


def per_axis(params):
    return {k: jax.lax.psum(v, ("i", "j")) for k, v in params.items()}  # none: each leaf varies on both axes


class Maker:
    def make(self, axis):
        def body(x):
            s = jax.lax.psum(x, "j")
            return jax.lax.psum(s, (axis, "j"))  # none: make is called with two different axes

        return body


def run(mesh, x):
    a = jax.shard_map(lambda g: reduce_all(jax.lax.psum(g, "j"), "i"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    specs = {name: P(name) for name in NAMES}
    b = jax.shard_map(per_axis, mesh=mesh, in_specs=({"i": P("i", "j"), "j": P("i", "j")},),
                      out_specs={name: P() for name in NAMES})({"i": x, "j": x})
    maker = Maker()
    c = jax.shard_map(maker.make("j"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    d = jax.shard_map(maker.make("i"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return a, b, specs, c, d
