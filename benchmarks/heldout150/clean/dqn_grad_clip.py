"""agents/dqn/clipped_learner.py -- DQN learner with global-norm gradient clipping; the Q-network's
hidden units are split over "hidden" and the replay batch over "batch" (2x4 mesh)."""
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


MESH_SHAPE = {"batch": 2, "hidden": 4}
CLIP_NORM = 1.0


def init_params(hidden=16, seed=2):
    rng = np.random.default_rng(seed)
    return dict(w1=(rng.normal(size=(Env.obs_dim, hidden)) / 3).astype(np.float32),
                b1=np.zeros((hidden,), np.float32),
                w2=(rng.normal(size=(hidden, Env.n_actions)) / 4).astype(np.float32))


PARAM_SPECS = dict(w1=P(None, "hidden"), b1=P("hidden"), w2=P("hidden", None))
BATCH_SPECS = Transition(P("batch", None), P("batch"), P("batch"), P("batch", None), P("batch"))


def q_net(p, obs):
    h = jax.nn.relu(obs @ p["w1"] + p["b1"])
    return jax.lax.psum(h @ p["w2"], "hidden")


def td_loss(p, batch, gamma):
    q_a = jnp.sum(q_net(p, batch.obs) * jax.nn.one_hot(batch.action.astype(jnp.int32), Env.n_actions), 1)
    target = batch.reward + gamma * (1 - batch.done) * jnp.max(q_net(p, batch.next_obs), 1)
    return jnp.mean((q_a - jax.lax.stop_gradient(target)) ** 2)


def clip_by_global_norm(grads, max_norm, axes):
    sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
    norm = jnp.sqrt(jax.lax.psum(sq, axes))
    factor = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * factor, grads), norm


def learner_step(params, batch, lr=0.05, gamma=0.99):
    loss, grads = jax.value_and_grad(td_loss)(params, batch, gamma)
    grads = jax.lax.pmean(grads, "batch")
    grads, norm = clip_by_global_norm(grads, CLIP_NORM, "hidden")
    params = jax.tree.map(lambda w, g: w - lr * g, params, grads)
    return params, {"loss": jax.lax.pmean(loss, "batch"), "grad_norm": norm}


def make_update(mesh):
    step = jax.jit(jax.shard_map(learner_step, mesh=mesh, in_specs=(PARAM_SPECS, BATCH_SPECS),
                                 out_specs=(PARAM_SPECS, {"loss": P(), "grad_norm": P()})))
    shardings = Transition(*(NamedSharding(mesh, s) for s in BATCH_SPECS))

    def update(params, batch):
        return step(params, jax.device_put(batch, shardings))

    return update


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in init_params().items()}
        learner = Learner(make_update(mesh), params, queue.Queue(), Logger("clipped"))

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state)
            return np.argmax(np.maximum(obs @ p["w1"] + p["b1"], 0) @ p["w2"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=11), policy, ReplayBuffer(300), learner.queue, 32,
                      linear_schedule(0.9, 0.05, num_steps))
        counter = Counter()
        run_loop(actor, learner, counter, num_steps)
        return learner.state["w2"]


if __name__ == "__main__":
    main(*inputs())
