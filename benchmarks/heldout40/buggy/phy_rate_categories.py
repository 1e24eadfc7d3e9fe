"""Discrete-gamma rate categories: partial likelihood tables assembled for the pruning pass."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GammaRates:
    def __init__(self, alpha=0.5, site_axis="site", rate_axis="rate"):
        self.alpha = alpha
        self._site_axis = site_axis
        self._rate_axis = rate_axis

    @property
    def axes(self):
        return (self._site_axis, self._rate_axis)

    def partials(self, table):
        by_rate = jax.lax.all_gather(table, self._rate_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(by_rate, self.axes, axis=1, tiled=True, to="reduced")


def inputs():
    table = np.random.default_rng(41).uniform(size=(8, 32)).astype(np.float32)
    return (table,)


def main(table):
    mesh = jax.make_mesh((2, 4), ("rate", "site"))
    table = jax.device_put(table, NamedSharding(mesh, P("rate", "site")))
    rates = GammaRates()
    return jax.shard_map(rates.partials, mesh=mesh, in_specs=P("rate", "site"),
                         out_specs=P(None, None, reduced={"rate", "site"}))(table)


if __name__ == "__main__":
    main(*inputs())
