"""Ensemble critics (REDQ-style): each learner bootstraps from its neighbour's critic to decorrelate targets."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENSEMBLE = "ensemble"
N_CRITICS = 8
GAMMA = 0.98


def neighbour_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


def target_values(critic_w, next_obs):
    critics = jax.lax.all_gather(critic_w, ENSEMBLE, axis=0, tiled=True, to="reduced")
    rotated = jax.lax.ppermute(critics, ENSEMBLE, perm=neighbour_perm(N_CRITICS))
    return next_obs @ rotated[0]


def critic_update(critic_w, obs, next_obs, rewards):
    def step(carry, t):
        q_next = target_values(critic_w, next_obs[t])
        target = rewards[t] + GAMMA * q_next
        err = obs[t] @ critic_w[0] - target
        return carry + jnp.mean(err ** 2), None

    loss, _ = jax.lax.scan(step, jnp.zeros_like(critic_w[0, 0]), jnp.arange(obs.shape[0]))
    return jax.lax.pmean(loss, ENSEMBLE)


def inputs():
    rng = np.random.default_rng(9)
    critic_w = rng.normal(size=(N_CRITICS, 5)).astype(np.float32) * 0.1
    obs = rng.normal(size=(3, 4, 5)).astype(np.float32)
    next_obs = rng.normal(size=(3, 4, 5)).astype(np.float32)
    rewards = rng.uniform(size=(3, 4)).astype(np.float32)
    return critic_w, obs, next_obs, rewards


def main(critic_w, obs, next_obs, rewards):
    mesh = jax.make_mesh((N_CRITICS,), (ENSEMBLE,))
    critic_w = jax.device_put(critic_w, NamedSharding(mesh, P(ENSEMBLE, None)))
    rep = NamedSharding(mesh, P())
    obs, next_obs, rewards = (jax.device_put(a, rep) for a in (obs, next_obs, rewards))
    fn = jax.shard_map(critic_update, mesh=mesh, in_specs=(P(ENSEMBLE, None), P(), P(), P()), out_specs=P())
    return fn(critic_w, obs, next_obs, rewards)


if __name__ == "__main__":
    print(main(*inputs()))
