"""Autoregressive ensemble rollout (lax.scan) followed by ensemble diagnostics."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENS, SPACE = "ens", "space"


def ensemble_mean(state, ens_axis):
    return jax.lax.pmean(state, ens_axis)


def model_step(state, forcing, weights):
    return state + 0.1 * jnp.tanh(state * weights + forcing)


def diagnostics(state, ens_axis):
    mean = ensemble_mean(state, ens_axis)
    members = jax.lax.all_gather(mean, ens_axis, axis=0, tiled=True, to="reduced")
    return members


def make_rollout(num_steps, ens_axis):
    def rollout(state, forcing, weights):
        def step(carry, _):
            return model_step(carry, forcing, weights), None
        final, _ = jax.lax.scan(step, state, xs=None, length=num_steps)
        return final, diagnostics(final, ens_axis)
    return rollout


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(16,)).astype(np.float32))


def main(state, forcing, weights):
    mesh = jax.make_mesh((2, 4), (ENS, SPACE))
    spec = P(ENS, SPACE)
    state, forcing = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (state, forcing))
    weights = jax.device_put(weights, NamedSharding(mesh, P(SPACE)))
    rollout = jax.shard_map(make_rollout(3, ENS), mesh=mesh, in_specs=(spec, spec, P(SPACE)),
                            out_specs=(spec, P(None, SPACE, reduced={ENS})))
    return jax.jit(rollout)(state, forcing, weights)


if __name__ == "__main__":
    final, members = main(*inputs())
    print(final.shape, members.shape)
