"""agents/ppo/learner.py -- PPO-lite learner (one-step advantages, clipped ratio) with the rollout
batch split over "env" and the actor-critic's hidden units over "model" on a 4x2 mesh."""
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
class PPOConfig:
    hidden: int = 16
    gamma: float = 0.98
    clip_eps: float = 0.2
    lr: float = 0.03
    env_axis: str = "env"
    model_axis: str = "model"
    stats_axis: str = "env"


def init_params(cfg, seed=0):
    rng = np.random.default_rng(seed)
    f = lambda *s: (rng.normal(size=s) / np.sqrt(s[0])).astype(np.float32)
    return {"torso": f(Env.obs_dim, cfg.hidden), "pi": f(cfg.hidden, Env.n_actions), "v": f(cfg.hidden, 1)}


def make_learner_step(cfg, mesh):
    e, m = cfg.env_axis, cfg.model_axis
    pspec = {"torso": P(None, m), "pi": P(m, None), "v": P(m, None)}
    bspec = Transition(P(e, None), P(e), P(e), P(e, None), P(e))

    def heads(p, obs):
        h = jnp.tanh(obs @ p["torso"])
        return jax.lax.psum(h @ p["pi"], m), jax.lax.psum(h @ p["v"], m)[:, 0]

    def advantages(p, batch):
        _, v = heads(p, batch.obs)
        _, v_next = heads(p, batch.next_obs)
        adv = batch.reward + cfg.gamma * (1 - batch.done) * v_next - v
        mean = jax.lax.pmean(jnp.mean(adv), e)
        std = jnp.sqrt(jax.lax.pmean(jnp.mean((adv - mean) ** 2), e) + 1e-6)
        return (adv - mean) / std, jnp.stack([mean, std])

    def body(params, batch):
        adv, stats = advantages(jax.lax.stop_gradient(params), batch)
        a = batch.action.astype(jnp.int32)
        old_logp = jnp.take_along_axis(jax.nn.log_softmax(heads(params, batch.obs)[0]), a[:, None], 1)[:, 0]

        def loss_fn(p):
            logits, v = heads(p, batch.obs)
            logp = jnp.take_along_axis(jax.nn.log_softmax(logits), a[:, None], 1)[:, 0]
            ratio = jnp.exp(logp - jax.lax.stop_gradient(old_logp))
            clipped = jnp.clip(ratio, 1 - cfg.clip_eps, 1 + cfg.clip_eps)
            pg = -jnp.mean(jnp.minimum(ratio * adv, clipped * adv))
            return pg + 0.5 * jnp.mean((v - (v + adv)) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(params)
        params = jax.tree.map(lambda w, d: w - cfg.lr * jax.lax.pmean(d, e), params, g)
        history = jax.lax.all_gather(stats, cfg.stats_axis, to="reduced")
        return params, jax.lax.pmean(loss, e), history

    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(pspec, bspec),
                                 out_specs=(pspec, P(), P(None, None, reduced={cfg.stats_axis}))))
    return step, pspec, bspec


def inputs():
    return PPOConfig(), 8, 10


def main(cfg, num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), (cfg.env_axis, cfg.model_axis))
    with jax.set_mesh(mesh):
        step, pspec, bspec = make_learner_step(cfg, mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, pspec[k])) for k, v in init_params(cfg).items()}

        def update(p, batch):
            batch = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, bspec)))
            p, loss, history = step(p, batch)
            return p, {"loss": loss, "adv_std": np.asarray(history)[:, 1]}

        learner = Learner(update, params, queue.Queue(), Logger("ppo"))

        def policy(obs):
            p = {k: np.asarray(v) for k, v in learner.state.items()}
            return np.argmax(np.tanh(obs @ p["torso"]) @ p["pi"], axis=1)

        actor = Actor(VecEnv(num_envs), policy, ReplayBuffer(128), learner.queue, 32, lambda t: 0.3)
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["pi"]


if __name__ == "__main__":
    main(*inputs())
