"""Water distribution network: Hardy-Cross loop corrections with a district demand report."""
import dataclasses
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, Enum):
    DISTRICT = "district"
    PIPE = "pipe"


@dataclasses.dataclass(frozen=True)
class NetworkParams:
    n_iterations: int = 6
    exponent: float = 1.852


class HardyCross:
    def __init__(self, params):
        self.params = params

    def correct(self, q, r):
        n = self.params.exponent

        def sweep(_, q):
            head = r * q * jnp.abs(q) ** (n - 1.0)
            slope = n * r * jnp.abs(q) ** (n - 1.0)
            dq = -jax.lax.psum(head.sum(axis=-1), Axis.PIPE) / jax.lax.psum(slope.sum(axis=-1), Axis.PIPE)
            return q + dq[:, None]

        return jax.lax.fori_loop(0, self.params.n_iterations, sweep, q)

    def demand_report(self, q):
        supplied = jax.lax.psum(jnp.abs(q).sum(axis=-1), Axis.PIPE)
        return jax.lax.all_gather(supplied, Axis.PIPE, tiled=True, to="reduced")

    def solve(self, q, r):
        q = self.correct(q, r)
        return q, self.demand_report(q)


def inputs():
    rng = np.random.default_rng(100)
    q = rng.uniform(-0.05, 0.05, (4, 32)).astype(np.float32)
    r = rng.uniform(10.0, 200.0, (4, 32)).astype(np.float32)
    return q, r


def main(q, r):
    mesh = jax.make_mesh((2, 4), ("district", "pipe"))
    spec = P("district", "pipe")
    q, r = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, r))
    solver = HardyCross(NetworkParams())
    return jax.shard_map(solver.solve, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(spec, P("district", reduced={"pipe"})))(q, r)


if __name__ == "__main__":
    main(*inputs())
