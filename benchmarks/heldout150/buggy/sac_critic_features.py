"""agents/sac/analysis/critic_features.py -- discrete SAC whose critic features are collected on every
device for a rank/collapse monitor; ("replica", "batch", "unit") 2x2x2 mesh."""
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

DATA_AXES = ("replica", "batch")
UNIT = "unit"
MONITOR = {"units": UNIT, "rows": ("batch", UNIT)}


def init_params(hidden=16, seed=3):
    rng = np.random.default_rng(seed)
    return {"torso": (0.3 * rng.normal(size=(Env.obs_dim, hidden))).astype(np.float32),
            "q": (0.1 * rng.normal(size=(hidden, Env.n_actions))).astype(np.float32),
            "pi": np.zeros((hidden, Env.n_actions), np.float32)}


SPECS = {"torso": P(None, UNIT), "q": P(UNIT, None), "pi": P(UNIT, None)}
BSPEC = Transition(P(DATA_AXES, None), P(DATA_AXES), P(DATA_AXES), P(DATA_AXES, None), P(DATA_AXES))


class FeatureMonitor:
    def __init__(self, layout):
        self.layout = layout

    def gather(self, feats):
        wide = jax.lax.all_gather(feats, self.layout["units"], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(wide, self.layout["rows"], axis=0, tiled=True, to="reduced")


def sac_body(params, batch, monitor, alpha=0.1, gamma=0.99, lr=0.03):
    def forward(p, obs):
        h = jnp.tanh(obs @ p["torso"])
        return h, jax.lax.psum(h @ p["q"], UNIT), jax.lax.psum(h @ p["pi"], UNIT)

    _, qn, ln = forward(params, batch.next_obs)
    logp_n = jax.nn.log_softmax(ln)
    v_next = jnp.sum(jnp.exp(logp_n) * (qn - alpha * logp_n), -1)
    y = jax.lax.stop_gradient(batch.reward + gamma * (1 - batch.done) * v_next)
    a = batch.action.astype(jnp.int32)

    def loss_fn(p):
        h, q, logits = forward(p, batch.obs)
        lp = jax.nn.log_softmax(logits)
        critic = jnp.mean(jnp.square(jnp.take_along_axis(q, a[:, None], 1)[:, 0] - y))
        actor = jnp.mean(jnp.sum(jnp.exp(lp) * (alpha * lp - jax.lax.stop_gradient(q)), -1))
        return critic + actor, h

    (loss, feats), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree.map(lambda w, dw: w - lr * jax.lax.pmean(dw, DATA_AXES), params, g)
    return params, jax.lax.pmean(loss, DATA_AXES), monitor.gather(feats)


def make_update(mesh):
    monitor = FeatureMonitor(MONITOR)
    body = functools.partial(sac_body, monitor=monitor)
    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(SPECS, BSPEC),
                                 out_specs=(SPECS, P(), P("replica", None, reduced={"batch", UNIT}))))

    def update(params, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, BSPEC)))
        params, loss, feats = step(params, batch)
        sv = np.linalg.svd(np.asarray(feats).reshape(-1, feats.shape[-1]), compute_uv=False)
        return params, {"loss": loss, "srank": float((np.cumsum(sv) / sv.sum() < 0.99).sum() + 1)}

    return update


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((2, 2, 2), (*DATA_AXES, UNIT))
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in init_params().items()}
        learner = Learner(make_update(mesh), params, queue.Queue(), Logger("sac-features"))

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state)
            return np.argmax(np.tanh(obs @ p["torso"]) @ p["pi"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=8), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.3, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["torso"]


if __name__ == "__main__":
    main(*inputs())
