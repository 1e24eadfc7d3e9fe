"""A Fiddle-like `build(Config(Solver, axis=...))` makes the solver, and its bound method is the
shard_map body itself; the method gathers a value pmax made invariant."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, fn_or_cls, **kwargs):
        self.__fn_or_cls__ = fn_or_cls
        self.__arguments__ = dict(kwargs)


def build(cfg):
    return cfg.__fn_or_cls__(**cfg.__arguments__)


class Solver:
    def __init__(self, axis):
        self.axis = axis

    def price(self, r):
        worst = jax.lax.pmax(jnp.abs(r), self.axis)
        return jax.lax.all_gather(worst, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    solver = build(Config(Solver, axis="i"))
    f = jax.shard_map(solver.price, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))
    return f(jnp.asarray(x))
