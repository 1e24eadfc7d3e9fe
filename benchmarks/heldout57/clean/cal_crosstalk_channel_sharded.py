"""Crosstalk estimate: neighbour-channel leakage summed over modules and channels."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODULE, CHANNEL = "module", "channel"


class CrosstalkEstimator:
    reduce_axes = (MODULE, CHANNEL)

    def __init__(self, mesh):
        self.mesh = mesh

    @staticmethod
    def leakage(pulsed, neighbour):
        return (pulsed * neighbour).sum(axis=0)

    def estimate(self, pulsed, neighbour):
        per_module = self.leakage(pulsed, neighbour)
        norm = (pulsed * pulsed).sum()
        return jax.lax.psum(per_module.sum() / norm, self.reduce_axes)

    def run(self, pulsed, neighbour):
        f = jax.shard_map(self.estimate, mesh=self.mesh,
                          in_specs=(P(MODULE, CHANNEL), P(MODULE, CHANNEL)), out_specs=P())
        return f(pulsed, neighbour)


def inputs():
    rng = np.random.default_rng(54)
    pulsed = rng.uniform(50.0, 60.0, (32, 8)).astype(np.float32)
    return pulsed, (0.02 * pulsed + rng.normal(size=pulsed.shape)).astype(np.float32)


def main(pulsed, neighbour):
    mesh = jax.make_mesh((4, 2), (MODULE, CHANNEL))
    s = NamedSharding(mesh, P(MODULE, CHANNEL))
    return CrosstalkEstimator(mesh).run(jax.device_put(pulsed, s), jax.device_put(neighbour, s))


if __name__ == "__main__":
    main(*inputs())
