"""First-level GLM residual variance, accumulated over runs in a scan, averaged over the study."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STUDY_AXES = ("subject", "voxel")


def make_body(design, voxel_axis="voxel", study_axes=STUDY_AXES):
    pinv = jnp.linalg.pinv(design)

    def body(bold_runs):
        def per_run(acc, y):
            beta = jnp.einsum("pt,stv->spv", pinv, y)
            resid = y - jnp.einsum("tp,spv->stv", design, beta)
            rss = jax.lax.psum((resid ** 2).sum(axis=(1, 2)), voxel_axis)
            return acc + jax.lax.pmean(rss.mean(), study_axes[0]), None

        total, _ = jax.lax.scan(per_run, jnp.zeros(()), bold_runs)
        return total

    return body


def inputs():
    rng = np.random.default_rng(64)
    design = np.stack([np.ones(12), np.sin(np.arange(12) / 2.0)], axis=1).astype(np.float32)
    runs = rng.normal(size=(3, 4, 12, 64)).astype(np.float32)
    return design, runs


def main(design, runs):
    mesh = jax.make_mesh((2, 4), STUDY_AXES)
    runs = jax.device_put(runs, NamedSharding(mesh, P(None, "subject", None, "voxel")))
    f = jax.shard_map(make_body(jnp.asarray(design)), mesh=mesh,
                      in_specs=P(None, "subject", None, "voxel"), out_specs=P())
    return f(runs)


if __name__ == "__main__":
    main(*inputs())
