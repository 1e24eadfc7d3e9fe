"""Builders whose axis parameter defaults to a module constant, called from functions that bind
a local of the same name: the default is the module's value, fixed where the def runs."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

REPLICA = "i"
MODEL = "j"


def build(mesh, axis=REPLICA):
    def body(v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={axis}))


class Gatherer:
    def __init__(self, axes=(REPLICA, MODEL)):
        self.axes = axes

    def gather(self, v):
        cols = jax.lax.all_gather(v, self.axes[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(cols, self.axes, axis=0, tiled=True, to="reduced")  # SF102


def run(mesh, x):
    REPLICA = "j"
    gatherer = Gatherer()
    g = jax.shard_map(gatherer.gather, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
    return build(mesh)(jnp.tanh(x)), g, REPLICA
