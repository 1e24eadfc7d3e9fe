"""Tensor renormalisation group for the 2D Ising partition function: spectra of the split tensors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CHI = 8
N_BLOCKS = 8
BETA = 0.44


def ising_bond_weights(beta):
    w = np.array([[np.exp(beta), np.exp(-beta)], [np.exp(-beta), np.exp(beta)]], np.float32)
    return w


class TRGStep:
    def __init__(self, mesh, chi=CHI):
        self.mesh = mesh
        self.chi = chi
        self.axes = tuple(mesh.axis_names)

    def split_weights(self, t):
        m = t.reshape(t.shape[0], self.chi // 4, -1)
        return jnp.sqrt(jnp.abs(m).sum(axis=-1) + 1e-6)

    def spectra(self, t):
        s = self.split_weights(t)
        full_bond = jax.lax.all_gather(s, self.axes[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(full_bond, self.axes, axis=0, tiled=True, to="reduced")

    def run(self, t):
        t = jax.device_put(t, NamedSharding(self.mesh, P(*self.axes, None)))
        fn = jax.shard_map(self.spectra, mesh=self.mesh, in_specs=P(*self.axes, None),
                           out_specs=P(None, None, reduced=set(self.axes)))
        return fn(t)


def inputs():
    w = ising_bond_weights(BETA)
    rng = np.random.default_rng(67)
    t = np.einsum("ab,cd->acbd", w, w).reshape(1, 1, 16)
    t = np.tile(t, (N_BLOCKS, CHI, 1)) + 0.01 * rng.normal(size=(N_BLOCKS, CHI, 16))
    return (t.astype(np.float32),)


def main(t):
    step = TRGStep(jax.make_mesh((2, 4), ("block", "bond")))
    return step.run(t)


if __name__ == "__main__":
    main(*inputs())
