"""Vectorised rollout: the actions are `np.argmax(obs @ np.asarray(params["policy"])[:3], -1)`, one
per environment copy, zipped with the copies (`zip(envs, actions)`: as many as the rows of an
array whose shape follows from NumPy's rules), and the parameters move by a float of the mean
reward; the checkpoint then gathers the policy to a replicated spec without listing 'worker' in
reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SPECS = {"policy": P("worker", None), "value": P("hidden", None)}


class Bandit:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def obs(self):
        return np.array([self.rng.uniform(), 1.0, 0.5], np.float32)

    def step(self, action):
        return self.obs(), self.rng.uniform() * (action + 1)


def replicated(spec):
    return P(*([None] * len(spec)))


def main():
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    envs = [Bandit(i) for i in range(4)]
    with jax.set_mesh(mesh):
        params = {name: jax.device_put(jnp.full((8, 2), 0.1), NamedSharding(mesh, spec)) for name, spec in SPECS.items()}
        obs = np.stack([env.obs() for env in envs])
        for _ in range(2):
            actions = np.argmax(obs @ np.asarray(params["policy"])[:3], -1)
            steps = [env.step(a) for env, a in zip(envs, actions)]
            obs, rew = np.stack([o for o, _ in steps]), np.asarray([r for _, r in steps], np.float32)
            params = jax.tree.map(lambda p: p + 0.01 * float(rew.mean()), params)
        return {name: top_level_all_gather(value, replicated(SPECS[name])) for name, value in params.items()}  # SF104


if __name__ == "__main__":
    main()
