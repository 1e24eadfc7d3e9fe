"""agents/es/cem_weights.py -- a CEM/ES hybrid: the whole population's scores are pooled on every
"pop" device and turned into softmax recombination weights with a temperature (8-device mesh)."""
import collections
import dataclasses
import functools
import itertools
import queue
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# rl_lite: the little gym/acme-style toolkit we paste into every training script (no deps).
# ---------------------------------------------------------------------------------------------
class TimeStep(NamedTuple):
    obs: np.ndarray
    reward: np.ndarray
    done: np.ndarray
    info: dict


class Env:
    obs_dim = 8
    n_actions = 4

    def __init__(self, seed=0, horizon=16):
        self.rng, self.horizon, self.t = np.random.default_rng(seed), horizon, 0

    def reset(self):
        self.t = 0
        self.state = self.rng.normal(size=self.obs_dim).astype(np.float32)
        return TimeStep(self.state.copy(), np.float32(0.0), False, {"t": 0})

    def step(self, action):
        self.t += 1
        push = 0.1 * (int(action) - (self.n_actions - 1) / 2)
        self.state = (0.9 * self.state + push + 0.05 * self.rng.normal(size=self.obs_dim)).astype(np.float32)
        reward = np.float32(-np.abs(self.state).mean())
        return TimeStep(self.state.copy(), reward, self.t >= self.horizon, {"t": self.t})


def stack_steps(steps):
    return TimeStep(np.stack([s.obs for s in steps]),
                    np.array([s.reward for s in steps], np.float32),
                    np.array([s.done for s in steps]), {})


class VecEnv:
    def __init__(self, n, seed=0):
        self.envs = [Env(seed + i) for i in range(n)]

    def reset(self):
        return stack_steps([e.reset() for e in self.envs])

    def step(self, actions):
        out = []
        for env, a in zip(self.envs, actions):
            ts = env.step(a)
            if ts.done:
                ts = env.reset()._replace(reward=ts.reward, done=True)
            out.append(ts)
        return stack_steps(out)


class Transition(NamedTuple):
    obs: np.ndarray
    action: np.ndarray
    reward: np.ndarray
    next_obs: np.ndarray
    done: np.ndarray


class ReplayBuffer:
    def __init__(self, capacity, seed=0):
        self.items, self.rng = collections.deque(maxlen=capacity), np.random.default_rng(seed)

    def add_batch(self, tr):
        for row in zip(*tr):
            self.items.append(Transition(*row))

    def __len__(self):
        return len(self.items)

    def sample(self, n):
        idx = self.rng.integers(0, len(self.items), size=n)
        rows = [self.items[i] for i in idx]
        return Transition(*(np.stack(col).astype(np.float32) for col in zip(*rows)))


def linear_schedule(start, end, steps):
    def value(t):
        frac = min(t / max(steps, 1), 1.0)
        return start + frac * (end - start)
    return value


class Counter:
    def __init__(self):
        self.counts = collections.defaultdict(int)

    def increment(self, **deltas):
        for key, d in deltas.items():
            self.counts[key] += d


class Logger:
    def __init__(self, label):
        self.label, self.rows = label, collections.defaultdict(list)

    def write(self, data):
        for key, v in data.items():
            self.rows[key].append(float(np.asarray(v, np.float32).mean()))


class Actor:
    """Steps the vectorised env with `policy` and hands sampled batches to the learner queue."""

    def __init__(self, env, policy, buffer, queue_, batch_size, epsilon):
        self.env, self.policy, self.buffer, self.queue = env, policy, buffer, queue_
        self.batch_size, self.epsilon, self.ts = batch_size, epsilon, env.reset()
        self.rng = np.random.default_rng(7)

    def act(self, t):
        greedy = np.asarray(self.policy(self.ts.obs))
        explore = self.rng.random(len(greedy)) < self.epsilon(t)
        random_a = self.rng.integers(0, Env.n_actions, size=len(greedy))
        return np.where(explore, random_a, greedy)

    def collect(self, t):
        a = self.act(t)
        nxt = self.env.step(a)
        self.buffer.add_batch(Transition(self.ts.obs, a, nxt.reward, nxt.obs, nxt.done))
        self.ts = nxt
        if len(self.buffer) >= self.batch_size:
            self.queue.put(self.buffer.sample(self.batch_size))


class Learner:
    def __init__(self, update, state, queue_, logger):
        self.update, self.state, self.queue, self.logger = update, state, queue_, logger

    def step(self):
        batch = self.queue.get_nowait()
        self.state, metrics = self.update(self.state, batch)
        self.logger.write(metrics)
        return metrics


def run_loop(actor, learner, counter, num_steps):
    metrics = {}
    for t in itertools.count():
        actor.collect(t)
        if not learner.queue.empty():
            metrics = learner.step()
            counter.increment(learner_steps=1)
        counter.increment(actor_steps=1)
        if t + 1 >= num_steps:
            break
    return metrics
# ---------------------------------------------------------------------------------------------

TEMPERATURE = {"anneal_start": 1.0, "anneal_end": 0.2}


class SoftmaxES:
    def __init__(self, mesh, population=16, sigma=0.1, lr=0.5):
        self.mesh, self.population, self.sigma, self.lr = mesh, population, sigma, lr
        self.temperature = linear_schedule(TEMPERATURE["anneal_start"], TEMPERATURE["anneal_end"], 20)
        self.rng = np.random.default_rng(4)
        self.fn = jax.jit(jax.shard_map(self.body, mesh=mesh,
                                        in_specs=(P(), P("pop"), P(), P(), P(), P()),
                                        out_specs=(P(), P(None, reduced={"pop"}))))

    def scores(self, theta, noise, obs, action, reward):
        def one(e):
            logp = jax.nn.log_softmax(obs @ (theta + self.sigma * e))
            return jnp.mean(jnp.take_along_axis(logp, action[:, None], 1)[:, 0] * reward)
        return jax.vmap(one)(noise)

    def body(self, theta, noise, obs, action, reward, temp):
        s = self.scores(theta, noise, obs, action, reward)
        pooled = jax.lax.all_gather(s, "pop", tiled=True, to="reduced")
        weights = jax.nn.softmax(pooled / temp)
        idx = jax.lax.axis_index("pop") * noise.shape[0] + jnp.arange(noise.shape[0])
        mine = weights[idx]
        step = jax.lax.psum(jnp.tensordot(mine, noise, axes=1), "pop") * self.sigma
        return theta + self.lr * step, weights

    def update(self, state, batch):
        theta, t = state
        half = self.rng.normal(size=(self.population // 2, Env.obs_dim, Env.n_actions)).astype(np.float32)
        noise = jax.device_put(np.concatenate([half, -half]), NamedSharding(self.mesh, P("pop")))
        rep = lambda x: jax.device_put(np.asarray(x), NamedSharding(self.mesh, P()))
        theta, weights = self.fn(theta, noise, rep(batch.obs), rep(batch.action.astype(np.int32)),
                                 rep(batch.reward), rep(np.float32(self.temperature(t))))
        w = np.asarray(weights)
        return (theta, t + 1), {"weight_entropy": -(w * np.log(w + 1e-9)).sum()}


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((8,), ("pop",))
    with jax.set_mesh(mesh):
        es = SoftmaxES(mesh)
        theta = jax.device_put(np.zeros((Env.obs_dim, Env.n_actions), np.float32), NamedSharding(mesh, P()))
        learner = Learner(es.update, (theta, 0), queue.Queue(), Logger("es-softmax"))

        def policy(obs):
            return np.argmax(obs @ np.asarray(learner.state[0]), axis=1)

        actor = Actor(VecEnv(num_envs, seed=50), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state[0]


if __name__ == "__main__":
    main(*inputs())
