"""Publish the factor covariance to the risk service (risk-models/publish)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class RiskLayouts:
    MESH_AXES = ("scen", "asset")
    COMPUTE = P(("scen", "asset"), None)
    SERVICE = P("asset", None)


def factor_cov(f_rets):
    fc = f_rets - f_rets.mean(axis=0, keepdims=True)
    return fc.T @ fc / (f_rets.shape[0] - 1)


def publish(cov, layouts=RiskLayouts):
    return top_level_all_gather(cov, layouts.SERVICE)


def inputs():
    rng = np.random.default_rng(304)
    return ((0.01 * rng.standard_normal((128, 16))).astype(np.float32),)


def main(f_rets):
    mesh = jax.make_mesh((4, 2), RiskLayouts.MESH_AXES)
    with jax.set_mesh(mesh):
        cov = jax.jit(factor_cov, out_shardings=NamedSharding(mesh, RiskLayouts.COMPUTE))(f_rets)
        served = publish(cov)
    print("served cov", served.shape)
    return served


if __name__ == "__main__":
    main(*inputs())
