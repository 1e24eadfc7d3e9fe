"""Rayleigh damping in the sponge layer at the model top, applied to full columns."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SpongeLayer:
    def __init__(self, depth=3.0, tau=300.0, axis="y"):
        self.depth = depth
        self.tau = tau
        self.axis = axis

    def profile(self, n):
        d = jnp.arange(n, dtype=jnp.float32)
        return jnp.exp(-d / self.depth) / self.tau

    def tendency(self, theta):
        column = jax.lax.all_gather(theta, self.axis, axis=0, tiled=True, to="reduced")
        damp = self.profile(column.shape[0])[:, None]
        return -damp * column


def inputs():
    z = np.linspace(0.0, 1.0, 8, dtype=np.float32)[:, None]
    return ((300.0 + 30.0 * z) * np.ones((1, 16), np.float32),)


def main(theta):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    theta = jax.device_put(theta, NamedSharding(mesh, P("y", "x")))
    sponge = SpongeLayer()
    return jax.shard_map(sponge.tendency, mesh=mesh, in_specs=P("y", "x"), out_specs=P(None, "x"))(theta)


if __name__ == "__main__":
    main(*inputs())
