"""Replica-exchange bookkeeping: the full energy table of the temperature ladder for round-trip analysis."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_TEMPS = 8
N_CHAINS = 16


class Axis(str, enum.Enum):
    TEMP = "temp"
    CHAIN = "chain"


class TemperatureLadder:
    def __init__(self, betas):
        self.betas = betas
        self.axes = tuple(a.value for a in Axis)

    def ladder_energies(self, energies):
        return jax.lax.all_gather(energies, Axis.TEMP.value, axis=0, tiled=True, to="reduced")

    def round_trip(self, energies):
        ladder = self.ladder_energies(energies)
        return jax.lax.all_gather(ladder, self.axes, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(127)
    return (rng.normal(loc=-1.0, size=(N_TEMPS, N_CHAINS)).astype(np.float32),)


def main(energies):
    ladder = TemperatureLadder(np.linspace(0.1, 1.0, N_TEMPS))
    mesh = jax.make_mesh((2, 4), ladder.axes)
    spec = P(Axis.TEMP.value, Axis.CHAIN.value)
    energies = jax.device_put(energies, NamedSharding(mesh, spec))
    fn = jax.shard_map(ladder.round_trip, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, reduced={Axis.TEMP.value, Axis.CHAIN.value}))
    return fn(energies)


if __name__ == "__main__":
    main(*inputs())
