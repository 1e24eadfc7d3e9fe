"""Quanto drift adjustment from the simulated asset/FX correlation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SCENARIOS, N_PATHS = 4, 64


def block_covariance(asset, fx, path_axis):
    n = jax.lax.psum(asset.shape[1], path_axis)
    mean_a = jax.lax.psum(asset.sum(axis=1), path_axis) / n
    mean_f = jax.lax.psum(fx.sum(axis=1), path_axis) / n
    centred = (asset - mean_a[:, None]) * (fx - mean_f[:, None])
    return jax.lax.psum(centred.sum(axis=1), path_axis) / n


def make_quanto_body(mesh, vol_asset=0.25, vol_fx=0.1):
    scenario, path = mesh.axis_names

    def body(asset_returns, fx_returns):
        cov = block_covariance(asset_returns, fx_returns, path)
        rho = cov / (vol_asset * vol_fx)
        adjustment = -rho * vol_asset * vol_fx
        return jax.lax.pmean(adjustment, (scenario, path))
    return body


def inputs():
    rng = np.random.default_rng(4)
    a = rng.standard_normal((N_SCENARIOS, N_PATHS)).astype(np.float32) * 0.25
    f = 0.4 * a + rng.standard_normal((N_SCENARIOS, N_PATHS)).astype(np.float32) * 0.1
    return a, f


def main(asset_returns, fx_returns):
    mesh = jax.make_mesh((2, 4), ("scenario", "path"))
    spec = P("scenario", "path")
    asset_returns = jax.device_put(asset_returns, NamedSharding(mesh, spec))
    fx_returns = jax.device_put(fx_returns, NamedSharding(mesh, spec))
    adj = jax.shard_map(make_quanto_body(mesh), mesh=mesh, in_specs=(spec, spec),
                        out_specs=P())(asset_returns, fx_returns)
    return adj


if __name__ == "__main__":
    main(*inputs())
