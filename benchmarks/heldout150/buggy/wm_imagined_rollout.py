"""models/world_model/imagination.py -- dynamics model plus a short imagined rollout from the pooled
batch; hidden states are relaid out unit-split -> row-split (all_to_all over "mp"); 2x4 mesh."""
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


class WorldModel(NamedTuple):
    enc: np.ndarray
    dec: np.ndarray


SPECS = WorldModel(P(None, "mp"), P(None, None))
BSPEC = Transition(P("env", None), P("env"), P("env"), P("env", None), P("env"))
HORIZON = 2


def init_model(hidden=16, seed=9):
    rng = np.random.default_rng(seed)
    return WorldModel((0.3 * rng.normal(size=(Env.obs_dim, hidden))).astype(np.float32),
                      (0.1 * rng.normal(size=(hidden, Env.obs_dim))).astype(np.float32))


class Imagination:
    def __init__(self, mesh, lr=0.05):
        self.mesh, self.lr = mesh, lr
        self.step = jax.jit(jax.shard_map(self.train, mesh=mesh, in_specs=(SPECS, BSPEC),
                                          out_specs=(SPECS, P(), P())))

    def hidden(self, model, obs):
        return jnp.tanh(obs @ model.enc)

    def rows_layout(self, h):
        return jax.lax.all_to_all(h, "mp", split_axis=0, concat_axis=1, tiled=True)

    def decode(self, model, h_rows):
        return h_rows @ model.dec

    def imagine(self, model, obs):
        starts = jax.lax.all_gather(obs, "env", tiled=True, to="reduced")
        x = jax.lax.all_to_all(starts, "env", split_axis=0, concat_axis=0, tiled=True)
        for _ in range(HORIZON):
            x = self.decode(model, self.rows_layout(self.hidden(model, x)))
        return x

    def train(self, model, batch):
        def loss_fn(m):
            h_rows = self.rows_layout(self.hidden(m, batch.obs))
            target = jax.lax.all_to_all(batch.next_obs, "mp", split_axis=0, concat_axis=0, tiled=True)
            target = target[: h_rows.shape[0]]
            return jnp.mean((self.decode(m, h_rows) - target) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(model)
        g = jax.lax.pmean(g, "env")
        g = WorldModel(g.enc, jax.lax.pmean(g.dec, "mp"))
        model = WorldModel(*(w - self.lr * d for w, d in zip(model, g)))
        dream = self.imagine(model, batch.obs)
        return model, jax.lax.pmean(jax.lax.pmean(loss, "env"), "mp"), jax.lax.pmean(jnp.mean(dream), ("env", "mp"))

    def update(self, model, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(batch, BSPEC)))
        model, loss, dream = self.step(model, batch)
        return model, {"loss": loss, "dream_mean": dream}


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((2, 4), ("env", "mp"))
    with jax.set_mesh(mesh):
        agent = Imagination(mesh)
        model = WorldModel(*(jax.device_put(w, NamedSharding(mesh, s)) for w, s in zip(init_model(), SPECS)))
        learner = Learner(agent.update, model, queue.Queue(), Logger("imagine"))
        rng = np.random.default_rng(0)
        actor = Actor(VecEnv(num_envs, seed=10), lambda obs: rng.integers(0, Env.n_actions, len(obs)),
                      ReplayBuffer(512), learner.queue, 32, lambda t: 1.0)
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state.dec


if __name__ == "__main__":
    main(*inputs())
