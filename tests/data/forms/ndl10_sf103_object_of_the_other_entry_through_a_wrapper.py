"""The same registry builds the other entry, whose `__call__` is correct: nothing to find."""
import jax
from jax.sharding import PartitionSpec as P


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


class Scale:
    def __init__(self, axis="j"):
        self.axis = axis

    def __call__(self, x):
        full = jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(full, self.axis)


class Identity:
    def __init__(self, axis="j"):
        self.axis = axis

    def __call__(self, x):
        return x


_entrypoints = {}


def register(fn):
    _entrypoints[fn.__name__] = fn
    return fn


@register
def scale(**kwargs):
    return Scale(**kwargs)


@register
def identity(**kwargs):
    return Identity(**kwargs)


def create_layer(name, **kwargs):
    return _entrypoints[name](**kwargs)


def warmup(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return shard_module(Identity(), mesh, P("i", "j"), P("i", "j"))(x)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    model = create_layer("identity", axis="i")
    return shard_module(model, mesh, P("i", "j"), P("i", "j"))(x)
