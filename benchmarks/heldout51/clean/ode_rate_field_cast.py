"""Explicit integrators pick dt from the mean decay rate; the shared rate field is cast first."""
import abc

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Integrator(abc.ABC):
    axes = ("ens", "space")
    cfl = 0.5

    def stable_dt(self, rates):
        local = jax.lax.pcast(jnp.mean(rates), self.axes[0], to="varying")
        return self.cfl / jax.lax.pmean(local, self.axes)

    @abc.abstractmethod
    def step(self, y, rates, dt):
        ...

    def __call__(self, y, rates, n=4):
        dt = self.stable_dt(rates)
        for _ in range(n):
            y = self.step(y, rates, dt)
        return y


class ForwardEuler(Integrator):
    def step(self, y, rates, dt):
        return y - dt * rates * y


def inputs():
    rng = np.random.default_rng(112)
    return rng.normal(size=(4, 32)).astype(np.float32), rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32)


def main(y, rates):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    y = jax.device_put(y, NamedSharding(mesh, P("ens", "space")))
    rates = jax.device_put(rates, NamedSharding(mesh, P("space")))
    return jax.shard_map(ForwardEuler(), mesh=mesh, in_specs=(P("ens", "space"), P("space")),
                         out_specs=P("ens", "space"))(y, rates)


if __name__ == "__main__":
    main(*inputs())
