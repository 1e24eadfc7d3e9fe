"""Flux-density scale bootstrapping: calibrator fluxes summed over the band and all baselines."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def bootstrap_flux(vis_amp, model_flux, mesh):
    baseline_axis, chan_axis = mesh.axis_names

    def band_sum(x):
        return jax.lax.psum(jnp.sum(x, axis=1), chan_axis)

    def body(amp, model):
        ratio = band_sum(amp) / band_sum(model)
        total = jax.lax.psum(jnp.sum(ratio), (baseline_axis, chan_axis))
        return total / (amp.shape[0] * mesh.shape[baseline_axis])

    spec = P(baseline_axis, chan_axis)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(vis_amp, model_flux)


def inputs():
    rng = np.random.default_rng(64)
    model = rng.uniform(1, 2, size=(32, 8)).astype(np.float32)
    return (model * 1.05).astype(np.float32), model


def main(vis_amp, model_flux):
    mesh = jax.make_mesh((4, 2), ("baselines", "chan"))
    spec = P("baselines", "chan")
    vis_amp = jax.device_put(vis_amp, NamedSharding(mesh, spec))
    model_flux = jax.device_put(model_flux, NamedSharding(mesh, spec))
    return bootstrap_flux(vis_amp, model_flux, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
