"""Up-and-out barrier call: Monte Carlo paths sharded over scenario sets and path blocks."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SCENARIOS, N_PATHS, N_STEPS = 4, 64, 12


@dataclasses.dataclass(frozen=True)
class BarrierTerms:
    spot: float = 100.0
    strike: float = 100.0
    barrier: float = 125.0
    vol: float = 0.25
    rate: float = 0.03
    maturity: float = 1.0

    @property
    def dt(self):
        return self.maturity / N_STEPS


class Payoff:
    def __init__(self, terms):
        self.terms = terms

    def __call__(self, running_max, terminal):
        raise NotImplementedError


class UpAndOutCall(Payoff):
    def __call__(self, running_max, terminal):
        alive = running_max < self.terms.barrier
        return jnp.where(alive, jnp.maximum(terminal - self.terms.strike, 0.0), 0.0)


class MonteCarloPricer:
    def __init__(self, mesh, payoff, axes=("scenario", "path")):
        self.mesh = mesh
        self.payoff = payoff
        self.scenario_axis, self.path_axis = axes

    def _simulate(self, shocks):
        t = self.payoff.terms
        drift = (t.rate - 0.5 * t.vol ** 2) * t.dt
        log_s = jnp.full(shocks.shape[:2], jnp.log(t.spot))
        running_max = jnp.exp(log_s)
        for step in range(N_STEPS):
            log_s = log_s + drift + t.vol * jnp.sqrt(t.dt) * shocks[:, :, step]
            running_max = jnp.maximum(running_max, jnp.exp(log_s))
        return running_max, jnp.exp(log_s)

    def _block_estimates(self, block_mean):
        n_blocks = self.mesh.shape[self.path_axis]
        pooled = jax.lax.psum(block_mean, self.path_axis) / n_blocks
        return jax.lax.all_gather(pooled, self.path_axis, to="reduced")

    def price_block(self, shocks):
        t = self.payoff.terms
        running_max, terminal = self._simulate(shocks)
        discounted = jnp.exp(-t.rate * t.maturity) * self.payoff(running_max, terminal)
        return self._block_estimates(discounted.mean(axis=1))


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((N_SCENARIOS, N_PATHS, N_STEPS)).astype(np.float32),)


def main(shocks):
    mesh = jax.make_mesh((2, 4), ("scenario", "path"))
    shocks = jax.device_put(shocks, NamedSharding(mesh, P("scenario", "path", None)))
    pricer = MonteCarloPricer(mesh, UpAndOutCall(BarrierTerms()))
    price = jax.shard_map(pricer.price_block, mesh=mesh, in_specs=P("scenario", "path", None),
                          out_specs=P(None, "scenario", reduced={"path"}))(shocks)
    return price


if __name__ == "__main__":
    main(*inputs())
