"""Backtest engine: running peak of the equity curve for max-drawdown reporting."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Engine:
    mesh_axes = ("books", "dates")

    def __init__(self, mesh):
        self.mesh = mesh
        self.book_axis, self.date_axis = self.mesh_axes

    def _equity_curve(self, pnl):
        daily = jnp.cumsum(pnl, axis=1)
        return jax.lax.all_gather(daily, self.date_axis, axis=1, tiled=True, to="reduced")

    def peaks(self, pnl):
        equity = self._equity_curve(pnl)
        peak = jax.lax.pmax(equity, self.date_axis)
        return peak.max(axis=1)

    def run(self, pnl):
        spec = P(*self.mesh_axes)
        pnl = jax.device_put(pnl, NamedSharding(self.mesh, spec))
        fn = jax.shard_map(self.peaks, mesh=self.mesh, in_specs=spec, out_specs=P(self.book_axis))
        return fn(pnl)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(0.0, 1.0, (8, 16)).astype(np.float32),)


def main(pnl):
    mesh = jax.make_mesh((4, 2), Engine.mesh_axes)
    return Engine(mesh).run(pnl)


if __name__ == "__main__":
    print(main(*inputs()))
