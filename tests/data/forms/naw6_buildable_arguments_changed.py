"""A buildable whose arguments are changed through `__dict__` after it is made: the axis the
solver gets is not the one written in the config, and with it the gather is legal."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, fn_or_cls, **kwargs):
        self.__fn_or_cls__ = fn_or_cls
        self.__arguments__ = dict(kwargs)

    def __getattr__(self, name):
        return self.__dict__["__arguments__"][name]


def build(cfg):
    return cfg.__fn_or_cls__(**cfg.__arguments__)


class Solver:
    def __init__(self, axis):
        self.axis = axis

    def price(self, r):
        worst = jax.lax.pmax(jnp.abs(r), "j")
        return jax.lax.all_gather(worst, self.axis, axis=0, tiled=True, to="reduced")


def run(mesh, x):
    cfg = Config(Solver, axis="j")
    cfg.__dict__["__arguments__"] = {"axis": "i"}
    solver = build(cfg)
    f = jax.shard_map(solver.price, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))
    return f(jnp.asarray(x))
