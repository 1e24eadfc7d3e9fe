import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def with_axes(fn, axes):
    def bound(*args):
        return fn(*args, axes=axes)
    return bound


def with_gather(first):
    def wrapped(x, w, *, axes):
        w = lax.all_gather(w, first, axis=1, tiled=True, to="reduced")
        return lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")
    return wrapped


def run(mesh, x):
    body = with_axes(with_gather("i"), "j")
    other = with_axes(with_gather("j"), "j")
    out = jax.shard_map(body, mesh=mesh, in_specs=(P(), P("i", "j")), out_specs=P(reduced={"i", "j"}))(x, x)
    return out, other
