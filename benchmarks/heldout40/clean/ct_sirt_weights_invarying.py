"""SIRT row normalisation weights for a parallel-beam projector on a view x detector mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Projector:
    view_axis = "view"
    det_axis = "det"

    def forward(self, system):
        raise NotImplementedError


class ParallelBeam(Projector):
    def forward(self, system):
        return jnp.abs(system)


class SIRT:
    def __init__(self, projector, relaxation=1.0):
        self.projector = projector
        self.relaxation = relaxation

    def row_weights(self, system):
        p = self.projector
        row_sums = jax.lax.psum(jnp.sum(p.forward(system), axis=1), p.det_axis)
        weights = 1.0 / (row_sums + 1e-6)
        return jax.lax.all_gather(weights, p.det_axis, tiled=True, to="invarying")


def inputs():
    a = np.random.default_rng(50).normal(size=(16, 32)).astype(np.float32)
    return (a,)


def main(system):
    mesh = jax.make_mesh((2, 4), ("view", "det"))
    system = jax.device_put(system, NamedSharding(mesh, P("view", "det")))
    sirt = SIRT(ParallelBeam())
    return jax.shard_map(sirt.row_weights, mesh=mesh, in_specs=P("view", "det"),
                         out_specs=P("view"))(system)


if __name__ == "__main__":
    main(*inputs())
