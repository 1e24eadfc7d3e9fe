"""Parallel tempering of independent Ising chains: swap acceptance per neighbouring temperature pair."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_TEMPS = 8
N_CHAINS = 16
N_ATTEMPTS = 32
BETAS = np.linspace(0.2, 0.6, N_TEMPS).astype(np.float32)

TEMP_AXIS = "temp"
CHAIN_AXIS = "chain"


class SwapStats:
    chain_axis = CHAIN_AXIS

    @staticmethod
    def attempt(d_beta, d_energy, u):
        return (u < jnp.exp(jnp.minimum(0.0, d_beta * d_energy))).astype(jnp.float32)

    @classmethod
    def rates(cls, accepted):
        per_pair = jax.lax.psum(accepted.mean(axis=-1), axis_name=cls.chain_axis) / 4
        return jax.lax.all_gather(per_pair, axis_name=cls.chain_axis, to="reduced")


def measure(betas, energies, uniforms):
    d_beta = jnp.roll(betas, -1, axis=0) - betas
    d_energy = jnp.roll(energies, -1, axis=0) - energies
    accepted = SwapStats.attempt(d_beta[:, None, None], d_energy[..., None], uniforms)
    return SwapStats.rates(accepted)


def inputs():
    rng = np.random.default_rng(113)
    energies = rng.normal(loc=-1.0, scale=0.2, size=(N_TEMPS, N_CHAINS)).astype(np.float32)
    uniforms = rng.random((N_TEMPS, N_CHAINS, N_ATTEMPTS), dtype=np.float32)
    return BETAS, energies, uniforms


def main(betas, energies, uniforms):
    mesh = jax.make_mesh((2, 4), (TEMP_AXIS, CHAIN_AXIS))
    betas = jax.device_put(betas, NamedSharding(mesh, P(TEMP_AXIS)))
    energies = jax.device_put(energies, NamedSharding(mesh, P(TEMP_AXIS, CHAIN_AXIS)))
    uniforms = jax.device_put(uniforms, NamedSharding(mesh, P(TEMP_AXIS, CHAIN_AXIS, None)))
    fn = jax.shard_map(measure, mesh=mesh,
                       in_specs=(P(TEMP_AXIS), P(TEMP_AXIS, CHAIN_AXIS), P(TEMP_AXIS, CHAIN_AXIS, None)),
                       out_specs=P(None, TEMP_AXIS, reduced={CHAIN_AXIS}))
    return fn(betas, energies, uniforms)


if __name__ == "__main__":
    main(*inputs())
