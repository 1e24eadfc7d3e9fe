"""Full-waveform inversion: the L2 data misfit over receivers (split over `rx`) and shots.
The inversion object stores its reductions as functools.partial attributes."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Inversion:
    shot_axis = "shot"
    rx_axis = "rx"

    def __init__(self):
        self.sum_receivers = functools.partial(jax.lax.psum, axis_name=self.rx_axis)
        self.mean_survey = functools.partial(jax.lax.pmean,
                                             axis_name=(self.shot_axis, self.rx_axis))

    def misfit(self, synthetic, observed):
        resid = synthetic - observed
        per_shot = self.sum_receivers(0.5 * jnp.sum(resid ** 2))
        return self.mean_survey(per_shot)


def main(synthetic, observed, mesh):
    inv = Inversion()
    spec = P(inv.shot_axis, inv.rx_axis)
    synthetic = jax.device_put(synthetic, NamedSharding(mesh, spec))
    observed = jax.device_put(observed, NamedSharding(mesh, spec))
    return jax.shard_map(inv.misfit, mesh=mesh, in_specs=(spec, spec), out_specs=P())(
        synthetic, observed)


def inputs():
    mesh = jax.make_mesh((4, 2), ("shot", "rx"))
    k1, k2 = jax.random.split(jax.random.key(13))
    return jax.random.normal(k1, (8, 12)), jax.random.normal(k2, (8, 12)), mesh
