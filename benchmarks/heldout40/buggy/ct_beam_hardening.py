"""Polynomial beam-hardening correction of projections gathered along the detector row."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CORRECTIONS = {}


class Correction:
    def __init_subclass__(cls, key=None, **kwargs):
        super().__init_subclass__(**kwargs)
        CORRECTIONS[key] = cls


class BeamHardening(Correction, key="water"):
    coeffs = jnp.array([0.02, -0.1, 1.0, 0.0], dtype=jnp.float32)

    def __init__(self, det_axis="det"):
        self.det_axis = det_axis

    def apply(self, projections):
        rows = jax.lax.all_gather(projections, self.det_axis, axis=1, tiled=True, to="reduced")
        return jnp.polyval(self.coeffs, rows)


def inputs():
    return (np.random.default_rng(55).uniform(size=(16, 32)).astype(np.float32),)


def main(projections):
    mesh = jax.make_mesh((2, 4), ("view", "det"))
    projections = jax.device_put(projections, NamedSharding(mesh, P("view", "det")))
    corr = CORRECTIONS["water"]()
    return jax.shard_map(corr.apply, mesh=mesh, in_specs=P("view", "det"),
                         out_specs=P("view", None, reduced={"det"}))(projections)


if __name__ == "__main__":
    main(*inputs())
