"""marl/mappo/team_reward.py: a MAPPO-style reward model with a team return shared by agents.

Agents are split over "agent" (one per shard row), the reward model's hidden units over
"feat". The team return is the sum of the agents' predicted rewards; each agent also keeps
the team value per agent for credit assignment, as the algorithm registry's config says.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# --- gymlite: the small Gym stand-in this repo vendors (no gym dependency on the cluster) ---

class Space:
    def __init__(self, shape, dtype=np.float32, seed=0):
        self.shape, self.dtype = tuple(shape), dtype
        self._rng = np.random.default_rng(seed)


class Box(Space):
    def __init__(self, low, high, shape, seed=0):
        super().__init__(shape, np.float32, seed)
        self.low, self.high = low, high

    def sample(self):
        return self._rng.uniform(self.low, self.high, self.shape).astype(np.float32)


class Discrete(Space):
    def __init__(self, n, seed=0):
        super().__init__((), np.int32, seed)
        self.n = n

    def sample(self):
        return int(self._rng.integers(self.n))


class Env:
    observation_space: Space
    action_space: Space

    def reset(self, seed=None):
        raise NotImplementedError

    def step(self, action):
        raise NotImplementedError


class Wrapper(Env):
    def __init__(self, env):
        self.env = env
        self.observation_space = env.observation_space
        self.action_space = env.action_space

    def reset(self, seed=None):
        return self.env.reset(seed)

    def step(self, action):
        return self.env.step(action)


class VecEnv:
    """N copies stepped in lockstep; finished copies are reset in place."""

    def __init__(self, fns):
        self.envs = [fn() for fn in fns]
        self.num_envs = len(self.envs)

    def reset(self, seed=0):
        return np.stack([e.reset(seed + i) for i, e in enumerate(self.envs)])

    def step(self, actions):
        obs, rew, done, infos = [], [], [], []
        for e, a in zip(self.envs, actions):
            o, r, d, info = e.step(a)
            if d:
                o = e.reset()
            obs.append(o); rew.append(r); done.append(d); infos.append(info)
        return np.stack(obs), np.asarray(rew, np.float32), np.asarray(done), infos


_REGISTRY = {}


def register(name, entry_point, **kwargs):
    _REGISTRY[name] = (entry_point, kwargs)


def make(name, **overrides):
    entry_point, kwargs = _REGISTRY[name]
    return entry_point(**{**kwargs, **overrides})

# --- end gymlite ---


class PredatorPrey(Env):
    """Each agent sees its own position and the prey's; all agents move at once."""

    def __init__(self, n_agents=4, size=5, horizon=6):
        self.n_agents, self.size, self.horizon = n_agents, size, horizon
        self.observation_space = Box(0.0, 1.0, (n_agents, 4))
        self.action_space = Discrete(5)

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        self.agents = self.rng.integers(0, self.size, (self.n_agents, 2))
        self.prey = self.rng.integers(0, self.size, 2)
        return self._obs()

    def _obs(self):
        prey = np.broadcast_to(self.prey, self.agents.shape)
        return (np.concatenate([self.agents, prey], axis=1) / self.size).astype(np.float32)

    def step(self, actions):
        moves = np.array([(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)])[np.asarray(actions)]
        self.agents = np.clip(self.agents + moves, 0, self.size - 1)
        self.t += 1
        caught = bool(np.any(np.all(self.agents == self.prey, axis=1)))
        return self._obs(), float(caught), caught or self.t >= self.horizon, {}


register("PredatorPrey-v0", PredatorPrey, n_agents=4)

ALGOS = {
    "mappo": {"hidden": 8, "credit_axis": "agent", "gamma": 0.99},
    "ippo": {"hidden": 8, "credit_axis": None, "gamma": 0.99},
}


def team_reward(mesh, cfg, w1, w2, obs):
    def body(w1, w2, o):
        r_agent = jax.lax.psum(jnp.tanh(o @ w1) @ w2, "feat")[..., 0]
        team = jax.lax.psum(jnp.sum(r_agent), "agent")
        if cfg["credit_axis"] is None:
            return team, team
        return team, jax.lax.all_gather(team, cfg["credit_axis"], to="reduced")

    credit = P(None, reduced={cfg["credit_axis"]}) if cfg["credit_axis"] else P()
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "feat"), P("feat", None), P("agent", None)),
                         out_specs=(P(), credit))(w1, w2, obs)


def inputs():
    return ("mappo", 3)


def main(algo, steps):
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    cfg = ALGOS[algo]
    env = make("PredatorPrey-v0")
    obs, teams = env.reset(0), []
    with jax.set_mesh(mesh):
        w1 = jax.device_put(jnp.full((4, cfg["hidden"]), 0.2), NamedSharding(mesh, P(None, "feat")))
        w2 = jax.device_put(jnp.full((cfg["hidden"], 1), 0.2), NamedSharding(mesh, P("feat", None)))
        for t in range(steps):
            team, _ = team_reward(mesh, cfg, w1, w2, jax.device_put(obs, NamedSharding(mesh, P("agent", None))))
            teams.append(team)
            obs, _, done, _ = env.step([t % 5] * env.n_agents)
            if done:
                obs = env.reset()
    return jnp.stack(teams)


if __name__ == "__main__":
    main(*inputs())
