"""Nelson-Siegel calibration: mean squared pricing error over currencies and tenors."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(enum.Enum):
    CCY = "ccy"
    TENOR = "tenor"


ALL_AXES = tuple(a.value for a in MeshAxis)


def pricing_error(model, market):
    sq = (model - market) ** 2
    per_ccy = jax.lax.psum(sq.sum(axis=1), MeshAxis.TENOR.value)
    return jax.lax.psum(per_ccy.sum(), ALL_AXES) / market.size


def inputs():
    rng = np.random.default_rng(55)
    market = rng.uniform(0.02, 0.05, (4, 16)).astype(np.float32)
    return market + rng.normal(0, 1e-4, (4, 16)).astype(np.float32), market


def main(model, market):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    spec = P(*ALL_AXES)
    model, market = jax.device_put((model, market), NamedSharding(mesh, spec))
    fn = jax.shard_map(pricing_error, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(model, market)


if __name__ == "__main__":
    print(main(*inputs()))
