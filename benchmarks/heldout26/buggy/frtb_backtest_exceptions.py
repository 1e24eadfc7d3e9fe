"""VaR backtesting: exception rate of the firm book against the desk VaR limits."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Backtest:
    axes = ("scen", "desk")

    def __init__(self, var_limit):
        self.var_limit = var_limit

    @property
    def reduce_axes(self):
        return tuple(self.axes)

    def exception_rate(self, pnl):
        firm = jax.lax.psum(pnl.sum(axis=1), self.axes[1])
        breaches = (firm < -self.var_limit).astype(jnp.float32)
        return jax.lax.pmean(breaches.mean(), self.reduce_axes)


def inputs():
    rng = np.random.default_rng(2605)
    return (rng.standard_normal((16, 32)).astype(np.float32),)


def main(pnl):
    bt = Backtest(var_limit=6.0)
    mesh = jax.make_mesh((2, 4), Backtest.axes)
    pnl = jax.device_put(pnl, NamedSharding(mesh, P(*Backtest.axes)))
    fn = jax.shard_map(functools.partial(Backtest.exception_rate, bt), mesh=mesh,
                       in_specs=P(*Backtest.axes), out_specs=P())
    return fn(pnl)


if __name__ == "__main__":
    print(main(*inputs()))
