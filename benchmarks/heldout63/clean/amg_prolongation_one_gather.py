"""Smoothed-aggregation prolongator: tentative weights are assembled level by level from a gather schedule."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_SCHEDULE = {
    "aggregate": ("fine",),
    "coarse": ("fine", "vec"),
}


class Prolongator:
    def __init__(self, omega=2.0 / 3.0, levels=("coarse",)):
        self.omega = omega
        self.levels = levels

    def smooth(self, tentative, a_diag):
        return tentative - self.omega * tentative / a_diag

    def assemble(self, tentative, a_diag):
        p = self.smooth(tentative, a_diag)
        for level in self.levels:
            p = jax.lax.all_gather(p, GATHER_SCHEDULE[level], axis=0, tiled=True, to="reduced")
        return p


def inputs():
    rng = np.random.default_rng(1)
    tentative = rng.random((8, 4)).astype(np.float32)
    a_diag = (3.0 + rng.random((8, 4))).astype(np.float32)
    return tentative, a_diag


def main(tentative, a_diag):
    mesh = jax.make_mesh((4, 2), ("fine", "vec"))
    spec = P("fine", "vec")
    tentative = jax.device_put(tentative, NamedSharding(mesh, spec))
    a_diag = jax.device_put(a_diag, NamedSharding(mesh, spec))
    prolongator = Prolongator()
    build = jax.shard_map(prolongator.assemble, mesh=mesh, in_specs=(spec, spec),
                          out_specs=P(None, None, reduced={"fine", "vec"}))
    return build(tentative, a_diag)


if __name__ == "__main__":
    main(*inputs())
