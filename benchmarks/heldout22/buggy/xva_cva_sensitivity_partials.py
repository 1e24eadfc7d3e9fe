"""CVA bump-and-revalue sensitivities: per-trade deltas collected for the risk report."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCEN, BOOK = "paths", "trades"

gather_book = functools.partial(jax.lax.all_gather, axis_name=BOOK, axis=1, tiled=True, to="reduced")
gather_report = functools.partial(jax.lax.all_gather, axis_name=(SCEN, BOOK), axis=0, tiled=True, to="reduced")


class SensitivityReport:
    def __init__(self, bump=1e-4, book_gather=gather_book, report_gather=gather_report):
        self.bump = bump
        self.book_gather = book_gather
        self.report_gather = report_gather

    def deltas(self, exposure, exposure_bumped):
        return (exposure_bumped - exposure) / self.bump

    def __call__(self, exposure, exposure_bumped):
        per_trade = self.book_gather(self.deltas(exposure, exposure_bumped))
        return self.report_gather(per_trade)


def inputs():
    rng = np.random.default_rng(101)
    e = rng.uniform(size=(8, 4)).astype(np.float32)
    return e, e + rng.normal(size=(8, 4)).astype(np.float32) * 1e-4


def main(exposure, exposure_bumped):
    mesh = jax.make_mesh((4, 2), (SCEN, BOOK))
    spec = P(SCEN, BOOK)
    exposure = jax.device_put(exposure, NamedSharding(mesh, spec))
    exposure_bumped = jax.device_put(exposure_bumped, NamedSharding(mesh, spec))
    fn = jax.shard_map(SensitivityReport(), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={SCEN, BOOK}))
    return fn(exposure, exposure_bumped)


if __name__ == "__main__":
    print(main(*inputs()))
