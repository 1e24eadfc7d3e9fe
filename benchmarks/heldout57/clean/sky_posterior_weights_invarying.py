"""Posterior weights of a grid of CMB amplitudes from per-pixel log-likelihoods."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GridAxes(NamedTuple):
    pixels: str = "pix"
    models: str = "freq"


def loglike(maps, amplitudes):
    return -0.5 * ((maps[:, :, None] - amplitudes[None, None, :]) ** 2).sum(axis=(0, 1))


class AmplitudePosterior:
    def __init__(self, mesh, axes=GridAxes()):
        self.mesh = mesh
        self.axes = axes

    def weights(self, maps, amplitudes):
        logl = jax.lax.psum(loglike(maps, amplitudes), self.axes.pixels)
        grid = jax.lax.all_gather(logl, self.axes.models, tiled=True, to="invarying")
        return jax.nn.softmax(grid)

    def run(self, maps, amplitudes):
        a = self.axes
        f = jax.shard_map(self.weights, mesh=self.mesh, in_specs=(P(a.pixels, None), P(a.models)),
                          out_specs=P())
        return f(maps, amplitudes)


def inputs():
    rng = np.random.default_rng(14)
    return rng.normal(1.0, 0.3, (64, 3)).astype(np.float32), np.linspace(0.0, 2.0, 16, dtype=np.float32)


def main(maps, amplitudes):
    axes = GridAxes()
    mesh = jax.make_mesh((4, 2), tuple(axes))
    maps = jax.device_put(maps, NamedSharding(mesh, P(axes.pixels, None)))
    amplitudes = jax.device_put(amplitudes, NamedSharding(mesh, P(axes.models)))
    return AmplitudePosterior(mesh, axes).run(maps, amplitudes)


if __name__ == "__main__":
    main(*inputs())
