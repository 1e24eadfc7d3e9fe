"""Runs a jitted emulator step a few times and lays the state out by longitude band."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TrajectoryWriter:
    def __init__(self, mesh, axes=("ens", "lon")):
        self.mesh = mesh
        self.axes = axes

    @property
    def compute_layout(self):
        return NamedSharding(self.mesh, P(*self.axes))

    @property
    def archive_layout(self):
        return P(self.axes[1], None)

    def archive(self, state):
        return jax.reshard(state, self.archive_layout)


def inputs():
    return (np.linspace(-1.0, 1.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(x0):
    mesh = jax.make_mesh((2, 4), ("ens", "lon"))
    writer = TrajectoryWriter(mesh)
    with jax.set_mesh(mesh):
        step = jax.jit(lambda x: x + 0.1 * jnp.tanh(x), out_shardings=writer.compute_layout)
        x = jax.device_put(x0, writer.compute_layout)
        for _ in range(3):
            x = step(x)
        return writer.archive(x)


if __name__ == "__main__":
    main(*inputs())
