"""agents/ppo/probes/feature_probe.py -- PPO-lite learner that exports the torso features of the
whole batch for a linear probe; rollout batch over "env", hidden units over "model" (4x2 mesh)."""
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

AXES = ("env", "model")
PROBE_LAYOUT = {"rows": "env", "units": "model"}


def init_params(hidden=16, seed=3):
    rng = np.random.default_rng(seed)
    return {"torso": (rng.normal(size=(Env.obs_dim, hidden)) * 0.35).astype(np.float32),
            "pi": (rng.normal(size=(hidden, Env.n_actions)) * 0.1).astype(np.float32),
            "v": np.zeros((hidden, 1), np.float32)}


SPECS = {"torso": P(None, "model"), "pi": P("model", None), "v": P("model", None)}
BATCH = Transition(P("env", None), P("env"), P("env"), P("env", None), P("env"))


def forward(p, obs):
    feats = jax.nn.gelu(obs @ p["torso"])
    logits = jax.lax.psum(feats @ p["pi"], "model")
    value = jax.lax.psum(feats @ p["v"], "model")[:, 0]
    return feats, logits, value


def collect_probe_table(feats):
    per_unit = jax.lax.all_gather(feats, PROBE_LAYOUT["units"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(per_unit, axis_name=AXES, axis=0, tiled=True, to="reduced")


def ppo_body(params, batch):
    _, _, v_next = forward(params, batch.next_obs)
    feats, logits, v = forward(params, batch.obs)
    adv = jax.lax.stop_gradient(batch.reward + 0.98 * (1 - batch.done) * v_next - v)
    a = batch.action.astype(jnp.int32)

    def loss_fn(p):
        _, lg, val = forward(p, batch.obs)
        logp = jnp.take_along_axis(jax.nn.log_softmax(lg), a[:, None], 1)[:, 0]
        return -jnp.mean(logp * adv) + 0.5 * jnp.mean((val - jax.lax.stop_gradient(v + adv)) ** 2)

    loss, g = jax.value_and_grad(loss_fn)(params)
    params = jax.tree.map(lambda w, d: w - 0.02 * jax.lax.pmean(d, "env"), params, g)
    table = collect_probe_table(feats)
    return params, jax.lax.pmean(loss, "env"), table


class ProbeLearner:
    def __init__(self, mesh):
        self.mesh = mesh
        self.fn = jax.jit(jax.shard_map(ppo_body, mesh=mesh, in_specs=(SPECS, BATCH),
                                        out_specs=(SPECS, P(), P(None, None, reduced=set(AXES)))))
        self.tables = collections.deque(maxlen=4)

    def __call__(self, params, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(batch, BATCH)))
        params, loss, table = self.fn(params, batch)
        self.tables.append(np.asarray(table))
        return params, {"loss": loss}


def inputs():
    return 8, 10, 32


def main(num_envs, num_steps, batch_size):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in init_params().items()}
        probe = ProbeLearner(mesh)
        learner = Learner(probe, params, queue.Queue(), Logger("probe"))

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state)
            return (np.tanh(obs @ p["torso"]) @ p["pi"]).argmax(1)

        actor = Actor(VecEnv(num_envs, seed=5), policy, ReplayBuffer(256), learner.queue, batch_size,
                      linear_schedule(0.5, 0.05, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["torso"]


if __name__ == "__main__":
    main(*inputs())
