"""Energy density of the 2D Ising model measured per row strip, then over the whole lattice."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

L = 16
ROW, COL = "row", "col"
LATTICE_AXES = (ROW, COL)


class Options:
    beta = 0.44
    n_meas = 3
    reduce_axes = LATTICE_AXES


class EnergyObservable:
    def __init__(self, opts):
        self.opts = opts
        self.values = []

    def strip_energy(self, s):
        bonds = s * jnp.roll(s, -1, axis=0) + s * jnp.roll(s, -1, axis=1)
        return jax.lax.psum(-jnp.sum(bonds), ROW)

    def measure(self, s):
        self.values.append(self.strip_energy(s))

    def finalize(self):
        total = sum(self.values[1:], self.values[0])
        return jax.lax.pmean(total / len(self.values), self.opts.reduce_axes) / (L * L)


def make_body(opts):
    def body(spins, noise):
        obs = EnergyObservable(opts)
        for k in range(opts.n_meas):
            spins = jnp.where(noise[k] < 0.1, -spins, spins)
            obs.measure(spins)
        return obs.finalize()

    return body


def inputs():
    rng = np.random.default_rng(7)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(L, L))
    noise = rng.random((Options.n_meas, L, L), dtype=np.float32)
    return s, noise


def main(spins, noise):
    mesh = jax.make_mesh((2, 4), LATTICE_AXES)
    spins = jax.device_put(spins, NamedSharding(mesh, P(ROW, COL)))
    noise = jax.device_put(noise, NamedSharding(mesh, P(None, ROW, COL)))
    fn = jax.shard_map(make_body(Options()), mesh=mesh,
                       in_specs=(P(ROW, COL), P(None, ROW, COL)), out_specs=P())
    return fn(spins, noise)


if __name__ == "__main__":
    main(*inputs())
