"""Frequency-time analysis: group-velocity energy for dispersion picking."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_ftan(mesh, alpha=25.0):
    pair_axis, period_axis = mesh.axis_names

    def gaussian_filter(spec, centre):
        f = jnp.linspace(0.0, 1.0, spec.shape[-1])
        return spec * jnp.exp(-alpha * (f - centre) ** 2)

    def ftan(spec, centres):
        env = jnp.abs(gaussian_filter(spec[:, None, :], centres[None, :, None]))
        band_energy = jax.lax.pmean(env.mean(axis=-1), period_axis)
        total = jax.lax.psum(band_energy.sum(), mesh.axis_names)
        return env / total

    return jax.shard_map(ftan, mesh=mesh, in_specs=(P(pair_axis, None), P(period_axis)),
                         out_specs=P(pair_axis, period_axis, None))


def inputs():
    rng = np.random.default_rng(4)
    spec = rng.normal(size=(8, 40)).astype(np.float32)
    centres = np.linspace(0.1, 0.9, 6).astype(np.float32)
    return spec, centres


def main(spec, centres):
    mesh = jax.make_mesh((4, 2), ("pair", "period"))
    spec = jax.device_put(spec, NamedSharding(mesh, P("pair", None)))
    centres = jax.device_put(centres, NamedSharding(mesh, P("period")))
    return make_ftan(mesh)(spec, centres)


if __name__ == "__main__":
    main(*inputs())
