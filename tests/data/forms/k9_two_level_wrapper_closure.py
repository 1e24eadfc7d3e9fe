import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def with_axes(fn, axes):
    def bound(*args):
        return fn(*args, axes=axes)
    return bound


def with_fsdp(layer):
    def wrapped(x, w, *, axes):
        w = lax.all_gather(w, axes[-1], axis=1, tiled=True, to="reduced")
        return layer(x, w, axes=axes)
    return wrapped


def layer(x, w, *, axes):
    return lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")  # SF102


def run(mesh, x):
    body = with_axes(with_fsdp(layer), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P("i", "j")), out_specs=P(reduced={"i", "j"}))(x, x)
