"""Local observables of an MPS: magnetisation profile from gathered site expectations."""
import abc

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Observable(abc.ABC):
    axis = "site"

    @abc.abstractmethod
    def local(self, rho):
        ...

    def profile(self, rho):
        return jax.lax.all_gather(self.local(rho), self.axis, axis=0, tiled=True, to="reduced")

    def measure(self, rho):
        profile = self.profile(rho)
        return jnp.mean(profile, axis=0)


class Magnetisation(Observable):
    def local(self, rho):
        return rho[:, ::2] - rho[:, 1::2]


def inputs():
    rho = np.random.default_rng(5).uniform(size=(8, 16)).astype(np.float32)
    return (rho,)


def main(rho):
    mesh = jax.make_mesh((4, 2), ("site", "bond"))
    rho = jax.device_put(rho, NamedSharding(mesh, P("site", "bond")))
    obs = Magnetisation()
    return jax.shard_map(obs.measure, mesh=mesh, in_specs=P("site", "bond"),
                         out_specs=P("bond", reduced={"site"}))(rho)


if __name__ == "__main__":
    main(*inputs())
