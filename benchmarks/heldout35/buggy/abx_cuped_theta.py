"""A/B readout with CUPED variance reduction (pre-period covariate), sklearn-like adjuster."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENT = {
    "name": "ranker_v7_vs_v6",
    "variants": ["control", "treatment"],
    "analysis": {"unit_axis": "user", "variant_axis": "variant", "metric": "sessions"},
}


class CupedAdjuster:
    def __init__(self, unit_axis):
        self.unit_axis = unit_axis

    def fit(self, y, x_pre):
        n = jax.lax.psum(jnp.float32(y.shape[-1]), self.unit_axis)
        mx = jax.lax.psum(jnp.sum(x_pre, axis=-1), self.unit_axis) / n
        my = jax.lax.psum(jnp.sum(y, axis=-1), self.unit_axis) / n
        cov = jax.lax.psum(jnp.sum((x_pre - mx[:, None]) * (y - my[:, None]), axis=-1), self.unit_axis)
        var = jax.lax.psum(jnp.sum((x_pre - mx[:, None]) ** 2, axis=-1), self.unit_axis)
        self.theta_ = cov / var
        return self

    def shared_theta(self):
        return jax.lax.all_gather(self.theta_, self.unit_axis, to="reduced")


def readout(y, x_pre):
    unit_axis = EXPERIMENT["analysis"]["unit_axis"]
    return CupedAdjuster(unit_axis).fit(y, x_pre).shared_theta()


def inputs():
    rng = np.random.default_rng(20)
    x_pre = rng.gamma(2.0, 3.0, size=(2, 64)).astype(np.float32)
    y = (0.8 * x_pre + rng.normal(size=(2, 64))).astype(np.float32)
    return y, x_pre


def main(y, x_pre):
    a = EXPERIMENT["analysis"]
    mesh = jax.make_mesh((2, 4), (a["variant_axis"], a["unit_axis"]))
    spec = P(a["variant_axis"], a["unit_axis"])
    y = jax.device_put(y, NamedSharding(mesh, spec))
    x_pre = jax.device_put(x_pre, NamedSharding(mesh, spec))
    fn = jax.shard_map(readout, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, a["variant_axis"], reduced={a["unit_axis"]}))
    return fn(y, x_pre)


if __name__ == "__main__":
    print(main(*inputs()))
