"""agents/dqn/diagnostics/activation_dump.py -- DQN learner that also dumps the hidden activations
of the Q-network for dead-unit plots; ("batch", "hidden") 2x4 mesh, hidden units model-parallel."""
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


HIDDEN = 16
GAMMA = 0.97
LR = 0.1


def init_params(seed=0):
    rng = np.random.default_rng(seed)
    return {"w1": (rng.normal(size=(Env.obs_dim, HIDDEN)) * 0.3).astype(np.float32),
            "w2": (rng.normal(size=(HIDDEN, Env.n_actions)) * 0.1).astype(np.float32)}


class ActivationDumper:
    """Collects a full [batch, hidden] activation matrix on every device for the plot writer."""

    def __init__(self, mesh):
        self.axes = tuple(mesh.axis_names)
        self.data_axis, self.unit_axis = self.axes

    def units(self, h):
        return jax.lax.all_gather(h, self.unit_axis, axis=1, tiled=True, to="reduced")

    def rows(self, h):
        return jax.lax.all_gather(h, self.axes, axis=0, tiled=True, to="reduced")


def build_learner(mesh):
    dump = ActivationDumper(mesh)
    d, m = dump.data_axis, dump.unit_axis
    pspec = {"w1": P(None, m), "w2": P(m, None)}
    bspec = Transition(P(d, None), P(d), P(d), P(d, None), P(d))

    def body(params, batch):
        def loss_fn(p):
            h = jax.nn.relu(batch.obs @ p["w1"])
            q = jax.lax.psum(h @ p["w2"], m)
            q_next = jax.lax.psum(jax.nn.relu(batch.next_obs @ p["w1"]) @ p["w2"], m)
            y = batch.reward + GAMMA * (1.0 - batch.done) * jnp.max(jax.lax.stop_gradient(q_next), axis=1)
            q_a = jnp.sum(q * jax.nn.one_hot(batch.action.astype(jnp.int32), Env.n_actions), axis=1)
            return jnp.mean((q_a - y) ** 2), h

        (loss, h), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda w, gw: w - LR * jax.lax.pmean(gw, d), params, g)
        table = dump.units(h)
        table = dump.rows(table)
        return params, jax.lax.pmean(loss, d), table

    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(pspec, bspec),
                                 out_specs=(pspec, P(), P(None, None, reduced={d, m}))))

    def update(params, batch):
        placed = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), tuple(batch), tuple(bspec))
        params, loss, table = step(params, Transition(*placed))
        dead = float((np.asarray(table) <= 0).all(axis=0).mean())
        return params, {"loss": loss, "dead_units": dead}

    return update, pspec


def inputs():
    return 8, 10, 32


def main(num_envs, num_steps, batch_size):
    mesh = jax.make_mesh((2, 4), ("batch", "hidden"))
    with jax.set_mesh(mesh):
        update, pspec = build_learner(mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, pspec[k])) for k, v in init_params().items()}
        host = jax.tree.map(np.asarray, params)

        def policy(obs):
            return np.argmax(np.maximum(obs @ host["w1"], 0) @ host["w2"], axis=1)

        learner = Learner(update, params, queue.Queue(), Logger("dqn"))
        actor = Actor(VecEnv(num_envs, seed=3), policy, ReplayBuffer(256), learner.queue, batch_size,
                      linear_schedule(0.5, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["w1"]


if __name__ == "__main__":
    main(*inputs())
