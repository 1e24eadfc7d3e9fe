"""agents/ppo/metrics.py -- PPO-lite learner whose metrics (entropy, KL to the behaviour policy,
value error) are averaged over every device before logging; 4x2 ("env", "model") mesh."""
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

MESH = dict(shape=(4, 2), axes=("env", "model"))
METRIC_AXES = MESH["axes"][0]


def init_params(hidden=16, seed=6):
    rng = np.random.default_rng(seed)
    scale = {"torso": 0.3, "pi": 0.1, "v": 0.1}
    shapes = {"torso": (Env.obs_dim, hidden), "pi": (hidden, Env.n_actions), "v": (hidden, 1)}
    return {k: (scale[k] * rng.normal(size=s)).astype(np.float32) for k, s in shapes.items()}


SPECS = {"torso": P(None, "model"), "pi": P("model", None), "v": P("model", None)}
BATCH_SPECS = Transition(P("env", None), P("env"), P("env"), P("env", None), P("env"))


def heads(p, obs):
    h = jax.nn.silu(obs @ p["torso"])
    return jax.lax.psum(h @ p["pi"], "model"), jax.lax.psum(h @ p["v"], "model")[:, 0]


def metrics_of(logits, behaviour_logits, value_err):
    logp = jax.nn.log_softmax(logits)
    entropy = -jnp.sum(jnp.exp(logp) * logp, axis=-1).mean()
    kl = jnp.sum(jnp.exp(logp) * (logp - jax.nn.log_softmax(behaviour_logits)), axis=-1).mean()
    local = {"entropy": entropy, "kl": kl, "value_err": jnp.mean(value_err ** 2)}
    return {k: jax.lax.pmean(v, METRIC_AXES) for k, v in local.items()}


def learner_body(params, batch):
    behaviour_logits, v = heads(params, batch.obs)
    _, v_next = heads(params, batch.next_obs)
    target = batch.reward + 0.99 * (1 - batch.done) * v_next
    adv = jax.lax.stop_gradient(target - v)
    a = batch.action.astype(jnp.int32)

    def loss_fn(p):
        logits, value = heads(p, batch.obs)
        logp = jnp.take_along_axis(jax.nn.log_softmax(logits), a[:, None], 1)[:, 0]
        ent = -jnp.sum(jax.nn.softmax(logits) * jax.nn.log_softmax(logits), -1)
        return -jnp.mean(logp * adv + 0.01 * ent) + 0.5 * jnp.mean((value - target) ** 2), logits

    (loss, logits), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree.map(lambda w, d: w - 0.03 * jax.lax.pmean(d, "env"), params, g)
    stats = metrics_of(logits, jax.lax.stop_gradient(behaviour_logits), target - v)
    stats["loss"] = jax.lax.pmean(loss, "env")
    return params, stats


def make_update(mesh):
    out_metrics = {k: P() for k in ("entropy", "kl", "value_err", "loss")}
    step = jax.jit(jax.shard_map(learner_body, mesh=mesh, in_specs=(SPECS, BATCH_SPECS),
                                 out_specs=(SPECS, out_metrics)))
    batch_shardings = Transition(*(NamedSharding(mesh, s) for s in BATCH_SPECS))
    return lambda params, batch: step(params, jax.device_put(batch, batch_shardings))


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh(MESH["shape"], MESH["axes"])
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in init_params().items()}
        logger = Logger("ppo-metrics")
        learner = Learner(make_update(mesh), params, queue.Queue(), logger)

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state)
            h = obs @ p["torso"]
            return np.argmax((h / (1 + np.exp(-h))) @ p["pi"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=4), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.2, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        print({k: v[-1] for k, v in logger.rows.items()})
        return learner.state["v"]


if __name__ == "__main__":
    main(*inputs())
