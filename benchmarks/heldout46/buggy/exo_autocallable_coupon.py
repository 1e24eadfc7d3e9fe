"""Autocallable note: early-redemption probabilities over the observation dates."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SCENARIOS, N_PATHS, N_OBS = 4, 32, 4


@dataclasses.dataclass(frozen=True)
class NoteTerms:
    autocall_level: float = 1.0
    coupon: float = 0.05
    vol: float = 0.2
    axes: tuple = ("scenario", "path")


class AutocallableNote:
    def __init__(self, terms):
        self.terms = terms

    def _called_flags(self, shocks):
        level = jnp.ones(shocks.shape[:2])
        alive = jnp.ones(shocks.shape[:2])
        flags = []
        for obs in range(N_OBS):
            level = level * jnp.exp(-0.5 * self.terms.vol ** 2 + self.terms.vol * shocks[..., obs])
            hit = alive * (level >= self.terms.autocall_level)
            flags.append(hit)
            alive = alive - hit
        return jnp.stack(flags, axis=-1)

    def redemption_profile(self, shocks):
        _, path = self.terms.axes
        called = self._called_flags(shocks)
        everyone = jax.lax.all_gather(called, path, axis=1, tiled=True, to="reduced")
        probability = everyone.mean(axis=1)
        return probability


def inputs():
    rng = np.random.default_rng(5)
    return (rng.standard_normal((N_SCENARIOS, N_PATHS, N_OBS)).astype(np.float32),)


def main(shocks):
    terms = NoteTerms()
    mesh = jax.make_mesh((2, 4), terms.axes)
    shocks = jax.device_put(shocks, NamedSharding(mesh, P(*terms.axes, None)))
    note = AutocallableNote(terms)
    profile = jax.shard_map(note.redemption_profile, mesh=mesh, in_specs=P(*terms.axes, None),
                            out_specs=P(terms.axes[0], None))(shocks)
    return profile


if __name__ == "__main__":
    main(*inputs())
