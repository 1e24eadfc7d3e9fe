"""Risk model: assemble the full style-exposure matrix for the covariance build."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RiskAxes(NamedTuple):
    stocks: str
    factors: str


class Exposures:
    def __init__(self, axes: RiskAxes):
        self.axes = axes

    def by_stock(self, raw):
        return jax.lax.all_gather(raw, self.axes.stocks, axis=0, tiled=True, to="reduced")

    def full(self, raw):
        per_stock = self.by_stock(raw)
        return jax.lax.all_gather(per_stock, tuple(self.axes), axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(raw):
    axes = RiskAxes("stocks", "factors")
    mesh = jax.make_mesh((4, 2), tuple(axes))
    raw = jax.device_put(raw, NamedSharding(mesh, P(*axes)))
    fn = jax.shard_map(Exposures(axes).full, mesh=mesh, in_specs=P(*axes),
                       out_specs=P(None, None, reduced=set(axes)))
    return fn(raw)


if __name__ == "__main__":
    print(main(*inputs()))
