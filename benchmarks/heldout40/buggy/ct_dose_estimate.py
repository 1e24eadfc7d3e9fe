"""Dose estimate from the detector counts: per-view attenuation averaged over the scan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_dose_estimator(mesh, i0=1e4):
    view, det = mesh.axis_names

    def estimate(counts):
        attenuation = -jnp.log(jnp.clip(counts / i0, 1e-6, 1.0))
        per_view = jax.lax.pmean(jnp.mean(attenuation, axis=1), det)
        return jax.lax.pmean(per_view.sum(), (view, det))

    return estimate


def inputs():
    counts = np.random.default_rng(54).uniform(1e2, 1e4, size=(16, 32)).astype(np.float32)
    return (counts,)


def main(counts):
    mesh = jax.make_mesh((2, 4), ("view", "det"))
    counts = jax.device_put(counts, NamedSharding(mesh, P(*mesh.axis_names)))
    estimator = make_dose_estimator(mesh)
    return jax.shard_map(estimator, mesh=mesh, in_specs=P(*mesh.axis_names), out_specs=P())(counts)


if __name__ == "__main__":
    main(*inputs())
