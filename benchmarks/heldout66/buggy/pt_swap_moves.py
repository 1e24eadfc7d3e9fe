"""Even/odd replica-exchange moves with a log-sum-exp guard on the ladder's largest energy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_TEMPS = 8
N_CHAINS = 16
N_ROUNDS = 4


class ReplicaExchange:
    def __init__(self, betas, temp_axis="temp", chain_axis="chain", rounds=N_ROUNDS):
        self.betas = betas
        self.temp_axis = temp_axis
        self.chain_axis = chain_axis
        self.rounds = rounds

    def ladder(self, e):
        return jax.lax.all_gather(e, self.temp_axis, axis=0, tiled=True, to="reduced")

    def run(self, energies, uniforms):
        full = self.ladder(energies)

        def one_round(k, e):
            e_max = jax.lax.pmax(full, self.temp_axis).max(axis=0)
            d = (jnp.roll(e, -1, axis=0) - e) / (1.0 + jnp.abs(e_max))
            swap = uniforms[k] < jnp.exp(jnp.minimum(0.0, d))
            return jnp.where(swap, jnp.roll(e, -1, axis=0), e)

        return jax.lax.fori_loop(0, self.rounds, one_round, energies)


def inputs():
    rng = np.random.default_rng(131)
    e = rng.normal(loc=-1.0, size=(N_TEMPS, N_CHAINS)).astype(np.float32)
    u = rng.random((N_ROUNDS, N_TEMPS, N_CHAINS), dtype=np.float32)
    return e, u


def main(energies, uniforms):
    rx = ReplicaExchange(np.linspace(0.1, 1.0, N_TEMPS))
    mesh = jax.make_mesh((2, 4), (rx.temp_axis, rx.chain_axis))
    spec = P(rx.temp_axis, rx.chain_axis)
    energies = jax.device_put(energies, NamedSharding(mesh, spec))
    uniforms = jax.device_put(uniforms, NamedSharding(mesh, P(None, *spec)))
    fn = jax.shard_map(rx.run, mesh=mesh, in_specs=(spec, P(None, *spec)), out_specs=spec)
    return fn(energies, uniforms)


if __name__ == "__main__":
    main(*inputs())
