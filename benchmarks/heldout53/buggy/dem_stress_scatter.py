"""DEM coarse-graining: contact stress per bin, summed over the whole mesh and scattered back."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STRESS_AXES = ("slab", "bin")


class CoarseGrainer:
    def __init__(self, axes=STRESS_AXES, kernel_width=2.0):
        self.axes = axes
        self.kernel_width = kernel_width

    def stress(self, branch, force):
        weights = jnp.exp(-jnp.arange(branch.shape[-1], dtype=jnp.float32) / self.kernel_width)
        local = (branch * force * weights).sum(axis=0)
        return jax.lax.psum_scatter(local, self.axes, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(84)
    branch = rng.uniform(-0.01, 0.01, (16, 32)).astype(np.float32)
    force = rng.uniform(0.0, 5.0, (16, 32)).astype(np.float32)
    return branch, force


def main(branch, force):
    mesh = jax.make_mesh((2, 4), STRESS_AXES)
    sharding = NamedSharding(mesh, P("slab", None))
    branch, force = jax.device_put(branch, sharding), jax.device_put(force, sharding)
    grainer = CoarseGrainer()
    return jax.shard_map(grainer.stress, mesh=mesh, in_specs=(P("slab", None), P("slab", None)),
                         out_specs=P(STRESS_AXES))(branch, force)


if __name__ == "__main__":
    main(*inputs())
