"""Lattice Boltzmann outlet: velocities scaled to Mach numbers before the span gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LATTICE_SPEED = 1.0 / np.sqrt(3.0)


class OutletDiagnostics:
    def __init__(self, span_axis="sy", u_ref=0.05):
        self.span_axis = span_axis
        self.u_ref = u_ref

    def mach_profile(self, ux):
        mach = ux / (self.u_ref * LATTICE_SPEED)
        profile = jax.lax.all_gather(mach, self.span_axis, axis=1, tiled=True, to="reduced")
        return jnp.abs(profile)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.uniform(0.0, 0.05, size=(8, 16)).astype(np.float32),)


def main(ux):
    mesh = jax.make_mesh((2, 4), ("sx", "sy"))
    diag = OutletDiagnostics()
    ux = jax.device_put(ux, NamedSharding(mesh, P("sx", "sy")))
    return jax.shard_map(diag.mach_profile, mesh=mesh, in_specs=P("sx", "sy"),
                         out_specs=P("sx", None, reduced={"sy"}))(ux)


if __name__ == "__main__":
    main(*inputs())
