"""Variance reduction: Russian roulette on low-weight particles, with a census of the weights."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Roulette:
    weight_cutoff: float = 0.25
    survival_weight: float = 1.0
    axis: str = "hist"

    def census(self, w):
        return jax.lax.all_gather(w, self.axis, to="reduced", tiled=True)

    def play(self, w, u):
        weights = self.census(w)
        draws = self.census(u)
        low = weights < self.weight_cutoff
        survives = draws * self.survival_weight < weights
        return jnp.where(low, jnp.where(survives, self.survival_weight, 0.0), weights)


def main(w, u):
    game = Roulette()
    mesh = jax.make_mesh((4, 2), ("hist", "group"))
    w, u = (jax.device_put(a, NamedSharding(mesh, P("hist"))) for a in (w, u))
    f = jax.shard_map(game.play, mesh=mesh, in_specs=(P("hist"), P("hist")),
                      out_specs=P(None, reduced={"hist"}))
    return jax.jit(f)(w, u)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.uniform(0, 1, (64,)).astype(np.float32), rng.uniform(0, 1, (64,)).astype(np.float32))
