import functools

import jax
from jax.sharding import PartitionSpec as P

LOSSES = {}


def register(name):
    def wrap(fn):
        LOSSES[name] = fn
        return fn
    return wrap


def shifted(frames, axis_name):
    return jax.lax.ppermute(frames, axis_name, [(0, 3), (1, 0), (2, 1), (3, 2)])  # SF103


@register("bonds")
def bond_loss(atoms, *, axis_name, scale):
    everywhere = jax.lax.all_gather(atoms, axis_name, axis=1, tiled=True, to="reduced")
    shifted(everywhere, axis_name)
    return atoms * scale


@register("plain")
def plain_loss(atoms, *, axis_name, scale):
    return atoms * scale


def main(mesh, x):
    loss = functools.partial(LOSSES["bonds"], axis_name="j", scale=2.0)
    return jax.shard_map(loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
