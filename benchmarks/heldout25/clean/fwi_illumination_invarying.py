"""Illumination preconditioning of the FWI gradient: divide by the source illumination plus a floor."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Preconditioner:
    def __init__(self, shot_axis="shot", floor=1e-3):
        self.shot_axis = shot_axis
        self.floor = floor

    def illumination(self, wavefield):
        energy = (wavefield ** 2).sum(axis=0)
        return jax.lax.all_gather(energy, self.shot_axis, to="invarying", tiled=True)

    def __call__(self, grad, wavefield):
        illum = self.illumination(wavefield)
        return grad / (illum + self.floor)


def inputs():
    rng = np.random.default_rng(38)
    return (rng.normal(size=(16, 32)).astype(np.float32),
            rng.normal(size=(10, 16, 32)).astype(np.float32))


def main(grad, wavefield):
    precond = Preconditioner()
    mesh = jax.make_mesh((2, 4), (precond.shot_axis, "rx"))
    grad = jax.device_put(grad, NamedSharding(mesh, P(None, "rx")))
    wavefield = jax.device_put(wavefield, NamedSharding(mesh, P(None, precond.shot_axis, "rx")))
    return jax.shard_map(precond, mesh=mesh, in_specs=(P(None, "rx"), P(None, precond.shot_axis, "rx")),
                         out_specs=P(None, "rx"))(grad, wavefield)


if __name__ == "__main__":
    print(main(*inputs()))
