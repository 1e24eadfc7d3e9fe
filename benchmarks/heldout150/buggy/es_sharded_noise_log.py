"""agents/es/sharded_es.py -- evolution strategies with the policy's input features split over
"param" and the population over "pop" (4x2 mesh); the noise actually used is logged every step."""
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

AXES = ("pop", "param")
POPULATION, SIGMA, LR = 16, 0.1, 0.05
THETA_SPEC = P("param", None)
NOISE_SPEC = P("pop", "param", None)
OBS_SPEC = P(None, "param")


class NoiseLog:
    def __init__(self, keep=2):
        self.tables = collections.deque(maxlen=keep)

    def whole_member(self, eps):
        return jax.lax.all_gather(eps, "param", axis=1, tiled=True, to="reduced")

    def whole_table(self, eps):
        members = self.whole_member(eps)
        return jax.lax.all_gather(members, AXES, axis=0, tiled=True, to="reduced")


LOG = NoiseLog()


def member_score(theta, obs, action, reward):
    logits = jax.lax.psum(obs @ theta, "param")
    logp = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], axis=1)[:, 0]
    return jnp.mean(logp * (reward - reward.mean()))


def es_body(theta, noise, obs, action, reward):
    scores = jax.vmap(lambda e: member_score(theta + SIGMA * e, obs, action, reward))(noise)
    grad = jax.lax.psum(jnp.tensordot(scores, noise, axes=1), "pop") / (POPULATION * SIGMA)
    table = LOG.whole_table(noise)
    return theta + LR * grad, jax.lax.pmean(scores.mean(), "pop"), table


def make_update(mesh):
    fn = jax.jit(jax.shard_map(es_body, mesh=mesh, in_specs=(THETA_SPEC, NOISE_SPEC, OBS_SPEC, P(), P()),
                               out_specs=(THETA_SPEC, P(), P(None, None, None, reduced=set(AXES)))))
    rng = np.random.default_rng(42)
    put = lambda x, s: jax.device_put(x, NamedSharding(mesh, s))

    def update(theta, batch):
        half = rng.normal(size=(POPULATION // 2, Env.obs_dim, Env.n_actions)).astype(np.float32)
        noise = put(np.concatenate([half, -half]), NOISE_SPEC)
        theta, score, table = fn(theta, noise, put(batch.obs, OBS_SPEC), put(batch.action.astype(np.int32), P()),
                                 put(batch.reward, P()))
        LOG.tables.append(np.asarray(table))
        return theta, {"score": score}

    return update


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        theta = jax.device_put(np.zeros((Env.obs_dim, Env.n_actions), np.float32), NamedSharding(mesh, THETA_SPEC))
        learner = Learner(make_update(mesh), theta, queue.Queue(), Logger("es-sharded"))

        def policy(obs):
            return (obs @ np.asarray(learner.state)).argmax(axis=1)

        actor = Actor(VecEnv(num_envs, seed=5), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.3, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return LOG.tables[-1]


if __name__ == "__main__":
    main(*inputs())
