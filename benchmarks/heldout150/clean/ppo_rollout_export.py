"""agents/ppo/rollout_store.py -- keeps the last rollout on the mesh split over both axes for the
learner and exports it, regathered per environment, for the offline evaluator (4x2 mesh)."""
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
from jax._src.shard_map import top_level_all_gather

MESH_AXES = ("env", "model")
ROLLOUT_LAYOUT = {"obs": P(MESH_AXES, None), "reward": P(MESH_AXES)}
EXPORT_LAYOUT = {"obs": P("env", None, reduced={"model"}), "reward": P("env", reduced={"model"})}


def init_policy(hidden=16, seed=12):
    rng = np.random.default_rng(seed)
    return {"torso": (rng.normal(size=(Env.obs_dim, hidden)) * 0.3).astype(np.float32),
            "pi": (rng.normal(size=(hidden, Env.n_actions)) * 0.1).astype(np.float32)}


POLICY_SPECS = {"torso": P(None, "model"), "pi": P("model", None)}


def reinforce_body(params, obs, action, reward):
    def loss_fn(p):
        logits = jax.lax.psum(jnp.tanh(obs @ p["torso"]) @ p["pi"], "model")
        logp = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], axis=1)[:, 0]
        baseline = jax.lax.pmean(jnp.mean(reward), "env")
        return -jnp.mean(logp * (reward - baseline))

    loss, g = jax.value_and_grad(loss_fn)(params)
    g = jax.lax.pmean(g, "env")
    return jax.tree.map(lambda w, d: w - 0.05 * d, params, g), jax.lax.pmean(loss, "env")


class RolloutStore:
    def __init__(self, mesh):
        self.mesh, self.last = mesh, None

    def put(self, batch):
        self.last = {k: jax.device_put(getattr(batch, k), NamedSharding(self.mesh, spec))
                     for k, spec in ROLLOUT_LAYOUT.items()}
        return self.last

    def export(self):
        return {k: np.asarray(top_level_all_gather(v, EXPORT_LAYOUT[k])) for k, v in self.last.items()}


def make_update(mesh, store):
    espec = P("env", None)
    step = jax.jit(jax.shard_map(reinforce_body, mesh=mesh,
                                 in_specs=(POLICY_SPECS, espec, P("env"), P("env")),
                                 out_specs=(POLICY_SPECS, P())))

    def update(params, batch):
        store.put(batch)
        put = lambda x, s: jax.device_put(x, NamedSharding(mesh, s))
        params, loss = step(params, put(batch.obs, espec), put(batch.action.astype(np.int32), P("env")),
                            put(batch.reward, P("env")))
        return params, {"loss": loss}

    return update


def inputs():
    return 8, 9, 32


def main(num_envs, num_steps, batch_size):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    with jax.set_mesh(mesh):
        store = RolloutStore(mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, POLICY_SPECS[k])) for k, v in init_policy().items()}
        learner = Learner(make_update(mesh, store), params, queue.Queue(), Logger("reinforce"))

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state)
            return np.argmax(np.tanh(obs @ p["torso"]) @ p["pi"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=9), policy, ReplayBuffer(256), learner.queue, batch_size,
                      linear_schedule(0.4, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        exported = store.export()
        return exported["reward"]


if __name__ == "__main__":
    main(*inputs())
