"""N-BEATS trend block: polynomial basis coefficients pooled over the horizon, then over series."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_trend_block(degree, series_axis, horizon_axis):
    def expand(theta):
        t = jnp.linspace(0.0, 1.0, theta.shape[-1])
        basis = jnp.stack([t ** p for p in range(degree)], axis=0)
        return theta @ basis.T

    def pool_horizon(coef):
        return jax.lax.all_gather(coef, horizon_axis, axis=1, tiled=True, to="reduced")

    def block(theta):
        coef = expand(theta)
        pooled = pool_horizon(coef)
        return jax.lax.all_gather(pooled, (series_axis, horizon_axis), axis=0, tiled=True,
                                  to="reduced")

    return block


def inputs():
    rng = np.random.default_rng(5)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(theta):
    mesh = jax.make_mesh((4, 2), ("series", "horizon"))
    theta = jax.device_put(theta, NamedSharding(mesh, P("series", "horizon")))
    block = make_trend_block(3, "series", "horizon")
    fn = jax.shard_map(block, mesh=mesh, in_specs=P("series", "horizon"),
                       out_specs=P(reduced={"series", "horizon"}))
    return fn(theta)


if __name__ == "__main__":
    print(main(*inputs()))
