"""CSTR cascade: heat release summed over species, then gathered along the reactor train."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ReactorParams:
    dt: float = 0.01
    n_steps: int = 5
    residence_time: float = 2.0
    heat_of_reaction: float = -5.0e4


class CSTRCascade:
    def __init__(self, params, reactor_axis="reactor", species_axis="species"):
        self.params = params
        self.reactor_axis = reactor_axis
        self.species_axis = species_axis

    def heat_release(self, rate):
        q = jax.lax.psum(self.params.heat_of_reaction * rate.sum(axis=-1), self.species_axis)
        return jax.lax.all_gather(q, self.reactor_axis, tiled=True, to="reduced")

    def march(self, conc, feed, k):
        p = self.params
        history = []
        for _ in range(p.n_steps):
            rate = k * conc
            conc = conc + p.dt * ((feed - conc) / p.residence_time - rate)
            history.append(self.heat_release(rate))
        return conc, jnp.stack(history)


def inputs():
    rng = np.random.default_rng(50)
    conc = rng.uniform(0.1, 1.0, (4, 16)).astype(np.float32)
    feed = rng.uniform(0.5, 1.5, (4, 16)).astype(np.float32)
    k = rng.uniform(0.01, 0.3, (4, 16)).astype(np.float32)
    return conc, feed, k


def main(conc, feed, k):
    mesh = jax.make_mesh((2, 4), ("reactor", "species"))
    spec = P("reactor", "species")
    conc, feed, k = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (conc, feed, k))
    cascade = CSTRCascade(ReactorParams())
    return jax.shard_map(cascade.march, mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs=(spec, P(None, None, reduced={"reactor"})))(conc, feed, k)


if __name__ == "__main__":
    main(*inputs())
