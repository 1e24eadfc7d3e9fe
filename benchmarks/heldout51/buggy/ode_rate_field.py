"""Explicit integrators share a base class that picks dt from the mean decay rate."""
import abc

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Integrator(abc.ABC):
    axes = ("ens", "space")
    cfl = 0.5

    def stable_dt(self, rates):
        mean_rate = jax.lax.pmean(jnp.mean(rates), self.axes)
        return self.cfl / mean_rate

    @abc.abstractmethod
    def step(self, y, rates, dt):
        ...

    def __call__(self, y, rates, n=4):
        dt = self.stable_dt(rates)
        for _ in range(n):
            y = self.step(y, rates, dt)
        return y


class Heun(Integrator):
    def step(self, y, rates, dt):
        k1 = -rates * y
        k2 = -rates * (y + dt * k1)
        return y + 0.5 * dt * (k1 + k2)


def inputs():
    rng = np.random.default_rng(44)
    return rng.normal(size=(4, 32)).astype(np.float32), rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32)


def main(y, rates):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    y = jax.device_put(y, NamedSharding(mesh, P("ens", "space")))
    rates = jax.device_put(rates, NamedSharding(mesh, P("space")))
    return jax.shard_map(Heun(), mesh=mesh, in_specs=(P("ens", "space"), P("space")),
                         out_specs=P("ens", "space"))(y, rates)


if __name__ == "__main__":
    main(*inputs())
