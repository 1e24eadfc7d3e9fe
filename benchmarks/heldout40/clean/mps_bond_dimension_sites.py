"""Bond-dimension report of a DMRG run: largest kept rank per site block, averaged."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class DMRGConfig:
    max_bond: int = 64
    cutoff: float = 1e-3
    mesh_axes: tuple = ("site", "bond")

    def kept_rank(self, spectrum):
        return jnp.sum(spectrum > self.cutoff).astype(jnp.float32)

    def bond_report(self, spectrum):
        site, bond = self.mesh_axes
        chi = jax.lax.pmax(self.kept_rank(spectrum), bond)
        return jax.lax.psum(chi, site) / self.max_bond


def inputs():
    s = np.sort(np.random.default_rng(4).exponential(size=(8, 16)).astype(np.float32))
    return (s,)


def main(spectrum):
    cfg = DMRGConfig()
    mesh = jax.make_mesh((4, 2), cfg.mesh_axes)
    spectrum = jax.device_put(spectrum, NamedSharding(mesh, P(*cfg.mesh_axes)))
    report = jax.shard_map(cfg.bond_report, mesh=mesh, in_specs=P(*cfg.mesh_axes), out_specs=P())
    return jax.jit(report)(spectrum)


if __name__ == "__main__":
    main(*inputs())
