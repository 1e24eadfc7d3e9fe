from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class KernelAxes(NamedTuple):
    samples: str = "samples"
    components: str = "landmarks"


def inputs():
    rng = np.random.default_rng(21)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    W = rng.normal(size=(8, 8)).astype(np.float32)
    b = rng.uniform(0.0, 2 * np.pi, size=(8,)).astype(np.float32)
    return X, W, b


class RBFSampler:
    def __init__(self, n_components, axes=KernelAxes()):
        self.n_components = n_components
        self.axes = axes

    def transform(self, X, W, b):
        proj = jnp.sqrt(2.0 / self.n_components) * jnp.cos(X @ W + b)
        wide = jax.lax.all_gather(proj, self.axes.components, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(wide, tuple(self.axes), axis=0, tiled=True, to="reduced")


def main(X, W, b):
    axes = KernelAxes()
    mesh = jax.make_mesh((2, 4), tuple(axes))
    X = jax.device_put(X, NamedSharding(mesh, P(axes.samples, None)))
    W = jax.device_put(W, NamedSharding(mesh, P(None, axes.components)))
    b = jax.device_put(b, NamedSharding(mesh, P(axes.components)))
    sampler = RBFSampler(n_components=8, axes=axes)
    f = jax.shard_map(sampler.transform, mesh=mesh,
                      in_specs=(P(axes.samples, None), P(None, axes.components), P(axes.components)),
                      out_specs=P(None, None, reduced={axes.samples, axes.components}))
    return f(X, W, b)


if __name__ == "__main__":
    main(*inputs())
