"""TEBD for a transverse-field Ising chain: even/odd layers exchange Schmidt weights between shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SITES = 16
CHI = 8
DT = 0.05
H_FIELD = 1.0


class TEBD:
    layers = (0, 1)

    def __init__(self, n_shards, site_axis="site", bond_axis="bond"):
        self.n_shards = n_shards
        self.site_axis = site_axis
        self.bond_axis = bond_axis

    def perm(self, parity):
        step = 1 if parity == 0 else -1
        return [(i, (i + step) % self.n_shards) for i in range(self.n_shards)]

    def evolve(self, lam):
        chain = jax.lax.all_gather(lam, self.site_axis, axis=0, tiled=True, to="reduced")
        decay = jnp.exp(-DT * H_FIELD) * jnp.ones_like(lam)
        for parity in self.layers:
            weights = chain[: lam.shape[0]]
            lam = lam * decay + jax.lax.ppermute(weights, self.site_axis, self.perm(parity))
        return lam


def inputs():
    rng = np.random.default_rng(71)
    lam = np.abs(rng.normal(size=(N_SITES, CHI))).astype(np.float32)
    return (lam / lam.sum(axis=1, keepdims=True),)


def main(lam):
    tebd = TEBD(n_shards=2)
    mesh = jax.make_mesh((2, 4), (tebd.site_axis, tebd.bond_axis))
    spec = P(tebd.site_axis, tebd.bond_axis)
    lam = jax.device_put(lam, NamedSharding(mesh, spec))
    return jax.shard_map(tebd.evolve, mesh=mesh, in_specs=spec, out_specs=spec)(lam)


if __name__ == "__main__":
    main(*inputs())
