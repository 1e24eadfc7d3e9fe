"""Sharpe ratios of the sleeve strategies and of the combined book."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SharpeReport:
    TIME = "time"
    SLEEVE = "sleeve"
    BOOK_AXES = (TIME, SLEEVE)
    ANNUALISE = 252.0

    def __init__(self, n_periods):
        self.n = n_periods

    def moments(self, pnl):
        s1 = jax.lax.psum(pnl.sum(axis=0), self.TIME)
        s2 = jax.lax.psum((pnl ** 2).sum(axis=0), self.TIME)
        mu = s1 / self.n
        return mu, s2 / self.n - mu ** 2

    def __call__(self, pnl):
        mu, var = self.moments(pnl)
        sharpe = jnp.sqrt(self.ANNUALISE) * mu / jnp.sqrt(var + 1e-12)
        book_mu = jax.lax.psum(mu.sum(), self.BOOK_AXES)
        return sharpe, book_mu


def inputs():
    rng = np.random.default_rng(205)
    return ((0.0005 + 0.01 * rng.standard_normal((32, 8))).astype(np.float32),)


def main(pnl):
    mesh = jax.make_mesh((4, 2), (SharpeReport.TIME, SharpeReport.SLEEVE))
    pnl = jax.device_put(pnl, NamedSharding(mesh, P("time", "sleeve")))
    rep = SharpeReport(pnl.shape[0])
    sharpe, book_mu = jax.shard_map(rep, mesh=mesh, in_specs=P("time", "sleeve"),
                                    out_specs=(P("sleeve"), P()))(pnl)
    print(np.asarray(sharpe).round(2), float(book_mu))
    return sharpe


if __name__ == "__main__":
    main(*inputs())
