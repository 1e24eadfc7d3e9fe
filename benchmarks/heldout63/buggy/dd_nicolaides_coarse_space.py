"""Two-level additive Schwarz: Nicolaides coarse space with one coarse unknown per subdomain and component."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DDConfig(NamedTuple):
    subdomain_axis: str = "sub"
    component_axis: str = "comp"
    overlap: int = 1


class NicolaidesCoarseSpace:
    def __init__(self, cfg=DDConfig()):
        self.cfg = cfg

    def restrict(self, r):
        return jnp.sum(r, axis=0, keepdims=True)

    def coarse_rhs(self, r):
        r0 = jax.lax.psum(self.restrict(r), self.cfg.component_axis)
        return jax.lax.all_gather(r0, self.cfg.component_axis, axis=1, tiled=True, to="reduced")

    def apply(self, a_diag, r):
        local = r / a_diag
        return local, self.coarse_rhs(r)


def inputs():
    rng = np.random.default_rng(10)
    return (4.0 + rng.random((16, 4))).astype(np.float32), rng.standard_normal((16, 4)).astype(np.float32)


def main(a_diag, r):
    cfg = DDConfig()
    mesh = jax.make_mesh((4, 2), (cfg.subdomain_axis, cfg.component_axis))
    spec = P(cfg.subdomain_axis, cfg.component_axis)
    a_diag = jax.device_put(a_diag, NamedSharding(mesh, spec))
    r = jax.device_put(r, NamedSharding(mesh, spec))
    coarse = NicolaidesCoarseSpace(cfg)
    precond = jax.shard_map(coarse.apply, mesh=mesh, in_specs=(spec, spec),
                            out_specs=(spec, P(cfg.subdomain_axis, None, reduced={cfg.component_axis})))
    return precond(a_diag, r)


if __name__ == "__main__":
    main(*inputs())
