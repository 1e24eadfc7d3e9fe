"""agents/dqn/rescaled_dqn.py -- DQN with a running reward scale (PopArt-lite): rewards of the whole
batch are gathered for the scale statistics; ("batch", "hidden") 2x4 mesh."""
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


class ScaleState(NamedTuple):
    mean_abs: jnp.ndarray
    count: jnp.ndarray


def init_params(hidden, seed=1):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(Env.obs_dim, hidden))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(hidden, Env.n_actions))).astype(np.float32)}


class RescaledDQN:
    def __init__(self, mesh, gamma=0.99, lr=0.05, decay=0.9):
        self.mesh, self.gamma, self.lr, self.decay = mesh, gamma, lr, decay
        self.batch_axis, self.unit_axis = mesh.axis_names
        b, u = self.batch_axis, self.unit_axis
        self.pspec = {"w1": P(None, u), "w2": P(u, None)}
        self.bspec = Transition(P(b, None), P(b), P(b), P(b, None), P(b))
        self._step = jax.jit(jax.shard_map(self._body, mesh=mesh,
                                           in_specs=(self.pspec, P(), self.bspec),
                                           out_specs=(self.pspec, P(), P(), P(b))))

    def q(self, p, obs):
        return jax.lax.psum(jnp.tanh(obs @ p["w1"]) @ p["w2"], self.unit_axis)

    def batch_scale(self, rewards):
        everyone = jax.lax.all_gather(rewards, self.batch_axis, tiled=True, to="reduced")
        total = jax.lax.psum(jnp.sum(jnp.abs(everyone)), self.batch_axis)
        return total, everyone

    def _body(self, params, scale, batch):
        total, _ = self.batch_scale(batch.reward)
        n = batch.reward.shape[0] * jax.lax.axis_size(self.batch_axis)
        scale = self.decay * scale + (1 - self.decay) * (total / n + 1e-3)
        r = batch.reward / scale

        def loss_fn(p):
            q_a = jnp.take_along_axis(self.q(p, batch.obs), batch.action.astype(jnp.int32)[:, None], 1)[:, 0]
            nxt = jax.lax.stop_gradient(jnp.max(self.q(p, batch.next_obs), axis=1))
            return jnp.mean((q_a - (r + self.gamma * (1 - batch.done) * nxt)) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(params)
        params = jax.tree.map(lambda w, gw: w - self.lr * jax.lax.pmean(gw, self.batch_axis), params, g)
        return params, scale, jax.lax.pmean(loss, self.batch_axis), r

    def update(self, state, batch):
        params, scale = state
        batch = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(batch, self.bspec)))
        params, scale, loss, scaled = self._step(params, scale, batch)
        return (params, scale), {"loss": loss, "scale": scale, "scaled_reward": scaled}


def inputs():
    return ({"envs": 8, "steps": 9, "batch": 32, "hidden": 16},)


def main(cfg):
    mesh = jax.make_mesh((2, 4), ("batch", "hidden"))
    with jax.set_mesh(mesh):
        agent = RescaledDQN(mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, agent.pspec[k]))
                  for k, v in init_params(cfg["hidden"]).items()}
        state = (params, jnp.float32(1.0))
        learner = Learner(agent.update, state, queue.Queue(), Logger("rescaled"))

        def policy(obs):
            p = learner.state[0]
            return np.argmax(np.tanh(obs @ np.asarray(p["w1"])) @ np.asarray(p["w2"]), axis=1)

        actor = Actor(VecEnv(cfg["envs"]), policy, ReplayBuffer(400), learner.queue, cfg["batch"],
                      linear_schedule(1.0, 0.1, cfg["steps"]))
        counter = Counter()
        run_loop(actor, learner, counter, cfg["steps"])
        return learner.state[1]


if __name__ == "__main__":
    main(*inputs())
