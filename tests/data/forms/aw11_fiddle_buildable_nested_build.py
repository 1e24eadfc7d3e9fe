"""Fiddle-like buildables written by hand: `Config(cls, **kw)` keeps its arguments behind a
`__getattr__`, and a recursive `build` turns nested configs into objects; the body calls the built
solver, whose method gathers a value that pmax has made invariant."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, fn_or_cls, **kwargs):
        self.__fn_or_cls__ = fn_or_cls
        self.__arguments__ = dict(kwargs)

    def __getattr__(self, name):
        try:
            return self.__dict__["__arguments__"][name]
        except KeyError:
            raise AttributeError(name) from None


def build(cfg):
    if isinstance(cfg, Config):
        kwargs = {k: build(v) for k, v in cfg.__arguments__.items()}
        return cfg.__fn_or_cls__(**kwargs)
    return cfg


class Axes:
    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols


class Solver:
    def __init__(self, axes, step):
        self.axes = axes
        self.step = step

    def price(self, r):
        worst = jax.lax.pmax(jnp.abs(r), self.axes.rows)
        return jax.lax.all_gather(worst, self.axes.rows, axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    solver = build(Config(Solver, axes=Config(Axes, rows="i", cols="j"), step=0.1))

    def body(r):
        return solver.price(r)

    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))
    return f(jnp.asarray(x))
