"""agents/sac/discrete_sac.py -- discrete soft actor-critic learner on a ("replica", "batch", "unit")
2x2x2 mesh: data-parallel over replica x batch, the shared torso's hidden units over "unit"."""
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


@dataclasses.dataclass(frozen=True)
class SACConfig:
    hidden: int = 16
    gamma: float = 0.99
    alpha: float = 0.2
    lr: float = 0.03
    data_axes: tuple = ("replica", "batch")
    unit_axis: str = "unit"
    usage_log_axis: str = "replica"


def init_params(cfg, seed=0):
    rng = np.random.default_rng(seed)
    mk = lambda a, b, s: (s * rng.normal(size=(a, b))).astype(np.float32)
    return {"torso": mk(Env.obs_dim, cfg.hidden, 0.3), "q": mk(cfg.hidden, Env.n_actions, 0.1),
            "pi": mk(cfg.hidden, Env.n_actions, 0.1)}


def make_step(cfg, mesh):
    d, u = cfg.data_axes, cfg.unit_axis
    specs = {"torso": P(None, u), "q": P(u, None), "pi": P(u, None)}
    bspec = Transition(P(d, None), P(d), P(d), P(d, None), P(d))

    def forward(p, obs):
        h = jax.nn.relu(obs @ p["torso"])
        return h, jax.lax.psum(h @ p["q"], u), jax.lax.psum(h @ p["pi"], u)

    def soft_value(q, logits):
        logp = jax.nn.log_softmax(logits)
        return jnp.sum(jnp.exp(logp) * (q - cfg.alpha * logp), axis=-1)

    def body(params, batch):
        _, q_next, logits_next = forward(params, batch.next_obs)
        y = jax.lax.stop_gradient(batch.reward + cfg.gamma * (1 - batch.done) * soft_value(q_next, logits_next))
        a = batch.action.astype(jnp.int32)

        def loss_fn(p):
            h, q, logits = forward(p, batch.obs)
            critic = jnp.mean((jnp.take_along_axis(q, a[:, None], 1)[:, 0] - y) ** 2)
            logp = jax.nn.log_softmax(logits)
            actor = jnp.mean(jnp.sum(jnp.exp(logp) * (cfg.alpha * logp - jax.lax.stop_gradient(q)), -1))
            return critic + actor, h

        (loss, h), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda w, dw: w - cfg.lr * jax.lax.pmean(dw, d), params, g)
        usage = jax.lax.pmean(jnp.mean(h > 0, axis=0), d)
        usage_log = jax.lax.all_gather(usage, cfg.usage_log_axis, to="reduced")
        return params, jax.lax.pmean(loss, d), usage_log

    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, bspec),
                                 out_specs=(specs, P(), P(None, u, reduced={cfg.usage_log_axis}))))
    return step, specs, bspec


def inputs():
    return SACConfig(), 8, 10


def main(cfg, num_envs, num_steps):
    mesh = jax.make_mesh((2, 2, 2), (*cfg.data_axes, cfg.unit_axis))
    with jax.set_mesh(mesh):
        step, specs, bspec = make_step(cfg, mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in init_params(cfg).items()}

        def update(p, batch):
            batch = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, bspec)))
            p, loss, usage = step(p, batch)
            return p, {"loss": loss, "unit_usage": np.asarray(usage).mean()}

        learner = Learner(update, params, queue.Queue(), Logger("sac"))

        def policy(obs):
            p = {k: np.asarray(v) for k, v in learner.state.items()}
            return np.argmax(np.maximum(obs @ p["torso"], 0) @ p["pi"], axis=1)

        actor = Actor(VecEnv(num_envs), policy, ReplayBuffer(256), learner.queue, 32, lambda t: 0.2)
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["q"]


if __name__ == "__main__":
    main(*inputs())
