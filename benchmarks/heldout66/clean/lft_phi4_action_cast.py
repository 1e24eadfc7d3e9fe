"""Euclidean action of 1+1D phi^4 theory assembled from a list of action terms."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NT, NX = 16, 16
MESH_AXES = ("t", "x")


class ActionTerm:
    def __init__(self, axes):
        self.axes = axes

    def local(self, phi):
        raise NotImplementedError


class Potential(ActionTerm):
    mass2 = -0.5
    lam = 0.3

    def local(self, phi):
        return jnp.sum(0.5 * self.mass2 * phi ** 2 + self.lam * phi ** 4)


class TimeKinetic(ActionTerm):
    def local(self, phi):
        d = jnp.roll(phi, -1, axis=0) - phi
        slab = jax.lax.psum(0.5 * jnp.sum(d * d), self.axes[0])
        return jax.lax.pcast(slab, self.axes[0], to="varying") / 2


class SpaceKinetic(ActionTerm):
    def local(self, phi):
        d = jnp.roll(phi, -1, axis=1) - phi
        return 0.5 * jnp.sum(d * d)


class Action:
    def __init__(self, terms, axes):
        self.terms = [cls(axes) for cls in terms]
        self.axes = axes

    def __call__(self, phi):
        return sum(jax.lax.psum(term.local(phi), self.axes) for term in self.terms)


def inputs():
    rng = np.random.default_rng(47)
    return (rng.normal(size=(NT, NX)).astype(np.float32),)


def main(phi):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    spec = P(*MESH_AXES)
    phi = jax.device_put(phi, NamedSharding(mesh, spec))
    action = Action([Potential, TimeKinetic, SpaceKinetic], MESH_AXES)
    return jax.shard_map(action, mesh=mesh, in_specs=spec, out_specs=P())(phi)


if __name__ == "__main__":
    main(*inputs())
