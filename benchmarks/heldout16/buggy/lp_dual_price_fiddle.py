"""Supply-chain LP relaxation (PDHG) configured with hand-written Fiddle-like buildables."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


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


class PDHGSolver:
    def __init__(self, lane_axis, sku_axis, step_size):
        self.lane_axis = lane_axis
        self.sku_axis = sku_axis
        self.step_size = step_size

    def dual_update(self, a, x, y):
        resid = a @ x - 1.0
        worst = jax.lax.pmax(jnp.abs(resid), self.lane_axis)
        y = y + self.step_size * resid
        prices = jax.lax.all_gather(worst, self.lane_axis, axis=0, tiled=True, to="reduced")
        return y, prices


def solver_config():
    return Config(PDHGSolver, lane_axis="lanes", sku_axis="skus", step_size=0.1)


def inputs():
    a = np.linspace(0.1, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8)
    x = np.full((8, 4), 0.5, np.float32)
    y = np.zeros((16, 4), np.float32)
    return a, x, y


def main(a, x, y):
    solver = build(solver_config())
    mesh = jax.make_mesh((4, 2), (solver.lane_axis, solver.sku_axis))
    a = jax.device_put(a, NamedSharding(mesh, P(solver.lane_axis, solver.sku_axis)))
    x = jax.device_put(x, NamedSharding(mesh, P(solver.sku_axis, None)))
    y = jax.device_put(y, NamedSharding(mesh, P(solver.lane_axis, None)))

    def body(a, x, y):
        partial_ax = a @ x
        ax = jax.lax.psum(partial_ax, solver.sku_axis)
        resid_src = ax  # invariant on skus, varying on lanes
        return solver.dual_update(jnp.eye(resid_src.shape[0], dtype=ax.dtype), resid_src, y)

    fn = jax.shard_map(body, mesh=mesh, in_specs=(P(solver.lane_axis, solver.sku_axis),
                                                  P(solver.sku_axis, None), P(solver.lane_axis, None)),
                       out_specs=(P(solver.lane_axis, None), P(None, None, reduced={solver.lane_axis})))
    return fn(a, x, y)
