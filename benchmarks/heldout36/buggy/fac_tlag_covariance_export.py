"""Publish the factor covariance matrix to the optimiser hosts."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class CovLayouts(NamedTuple):
    estimate: P
    publish: P


LAYOUTS = CovLayouts(estimate=P("factor_row", "factor_col"), publish=P(None, "factor_col"))


def publish(cov, mesh, layouts=LAYOUTS):
    cov = jax.device_put(cov, NamedSharding(mesh, layouts.estimate))
    with jax.set_mesh(mesh):
        return top_level_all_gather(cov, layouts.publish)


def inputs():
    rng = np.random.default_rng(1)
    a = rng.normal(size=(8, 8)).astype(np.float32)
    return (a @ a.T,)


def main(cov):
    mesh = jax.make_mesh((2, 4), ("factor_row", "factor_col"))
    return publish(cov, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
