"""Rollout with a per-step energy budget of the ensemble-mean state (lax.fori_loop)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BUDGET = {
    "mean_over": "ens",
    "energy_over": ("ens", "space"),
}


def ensemble_mean(state):
    return jax.lax.pmean(state, BUDGET["mean_over"])


def kinetic_energy(state):
    return 0.5 * jax.lax.psum(jnp.sum(state ** 2), BUDGET["energy_over"])


def make_rollout(num_steps):
    def rollout(state, weights):
        def body(i, carry):
            state, energy = carry
            state = state + 0.1 * jnp.tanh(state * weights)
            return state, energy.at[i].set(kinetic_energy(ensemble_mean(state)))
        energy = jnp.zeros((num_steps,), jnp.float32)
        return jax.lax.fori_loop(0, num_steps, body, (state, energy))
    return rollout


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(16,)).astype(np.float32))


def main(state, weights):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    spec = P("ens", "space")
    state = jax.device_put(state, NamedSharding(mesh, spec))
    weights = jax.device_put(weights, NamedSharding(mesh, P("space")))
    fn = jax.shard_map(make_rollout(3), mesh=mesh, in_specs=(spec, P("space")), out_specs=(spec, P()))
    return jax.jit(fn)(state, weights)


if __name__ == "__main__":
    state, energy = main(*inputs())
    print(energy)
