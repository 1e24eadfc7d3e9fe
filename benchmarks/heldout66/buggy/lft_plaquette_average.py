"""Compact U(1) gauge theory in 1+1 dimensions: plaquette average per time slice."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NT, NX = 16, 16
BETA = 2.0


class GaugeField:
    def __init__(self, mesh):
        self.mesh = mesh
        self.t_axis, self.x_axis = mesh.axis_names
        self.link_spec = P(None, self.t_axis, self.x_axis)

    def place(self, theta):
        return jax.device_put(theta, NamedSharding(self.mesh, self.link_spec))

    def plaquette_angle(self, theta):
        t_link, x_link = theta[0], theta[1]
        return t_link + jnp.roll(x_link, -1, axis=0) - jnp.roll(t_link, -1, axis=1) - x_link

    def timeslice_plaquettes(self, theta):
        per_slice = jnp.cos(self.plaquette_angle(theta)).sum(axis=1)
        return jax.lax.psum(per_slice, self.x_axis) / NX

    def measure(self, theta):
        slices = self.timeslice_plaquettes(theta)
        return jax.lax.all_gather(slices, self.x_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    theta = rng.uniform(-np.pi, np.pi, size=(2, NT, NX)).astype(np.float32)
    return (theta,)


def main(theta):
    mesh = jax.make_mesh((2, 4), ("t", "x"))
    field = GaugeField(mesh)
    fn = jax.shard_map(field.measure, mesh=mesh, in_specs=field.link_spec,
                       out_specs=P(None, field.t_axis, reduced={field.x_axis}))
    return fn(field.place(theta))


if __name__ == "__main__":
    main(*inputs())
