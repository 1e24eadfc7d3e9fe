"""agents/ppo/batch_advantages.py -- PPO-lite learner that normalises advantages over the whole
rollout batch (gathered to every device) before the clipped surrogate; 4x2 ("env", "model") mesh."""
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


@dataclasses.dataclass
class Hyper:
    gamma: float = 0.98
    clip_eps: float = 0.2
    lr: float = 0.02
    eps: float = 1e-6


def init_params(hidden=16, seed=14):
    rng = np.random.default_rng(seed)
    return {"torso": (rng.normal(size=(Env.obs_dim, hidden)) * 0.3).astype(np.float32),
            "pi": (rng.normal(size=(hidden, Env.n_actions)) * 0.1).astype(np.float32),
            "v": np.zeros((hidden, 1), np.float32)}


class BatchAdvantagePPO:
    specs = {"torso": P(None, "model"), "pi": P("model", None), "v": P("model", None)}
    bspec = Transition(P("env", None), P("env"), P("env"), P("env", None), P("env"))

    def __init__(self, hyper, mesh):
        self.h, self.mesh = hyper, mesh
        self.step = jax.jit(jax.shard_map(self.body, mesh=mesh, in_specs=(self.specs, self.bspec),
                                          out_specs=(self.specs, P())))

    def heads(self, p, obs):
        x = jnp.tanh(obs @ p["torso"])
        return jax.lax.psum(x @ p["pi"], "model"), jax.lax.psum(x @ p["v"], "model")[:, 0]

    def normalised_advantages(self, adv):
        whole = jax.lax.all_gather(adv, "env", tiled=True, to="reduced")
        mu = jax.lax.pmean(jnp.mean(adv), "env")
        var = jax.lax.pmean(jnp.mean((adv - mu) ** 2), "env")
        return (whole - mu) / jnp.sqrt(var + self.h.eps)

    def body(self, params, batch):
        h = self.h
        _, v = self.heads(params, batch.obs)
        _, v_next = self.heads(params, batch.next_obs)
        adv = jax.lax.stop_gradient(batch.reward + h.gamma * (1 - batch.done) * v_next - v)
        norm = self.normalised_advantages(adv)
        rows = jax.lax.axis_index("env") * adv.shape[0] + jnp.arange(adv.shape[0])
        adv_local = norm[rows]
        a = batch.action.astype(jnp.int32)
        logp_old = jax.lax.stop_gradient(
            jnp.take_along_axis(jax.nn.log_softmax(self.heads(params, batch.obs)[0]), a[:, None], 1)[:, 0])

        def loss_fn(p):
            logits, value = self.heads(p, batch.obs)
            ratio = jnp.exp(jnp.take_along_axis(jax.nn.log_softmax(logits), a[:, None], 1)[:, 0] - logp_old)
            surr = jnp.minimum(ratio * adv_local, jnp.clip(ratio, 1 - h.clip_eps, 1 + h.clip_eps) * adv_local)
            return -jnp.mean(surr) + 0.5 * jnp.mean((value - jax.lax.stop_gradient(v + adv)) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(params)
        params = jax.tree.map(lambda w, d: w - h.lr * jax.lax.pmean(d, "env"), params, g)
        return params, jax.lax.pmean(loss, "env")

    def update(self, params, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(batch, self.bspec)))
        params, loss = self.step(params, batch)
        return params, {"loss": loss}


def inputs():
    return Hyper(), 8, 10


def main(hyper, num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), ("env", "model"))
    with jax.set_mesh(mesh):
        agent = BatchAdvantagePPO(hyper, mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, agent.specs[k])) for k, v in init_params().items()}
        learner = Learner(agent.update, params, queue.Queue(), Logger("ppo-adv"))

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state)
            return np.argmax(np.tanh(obs @ p["torso"]) @ p["pi"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=17), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(0.8, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["pi"]


if __name__ == "__main__":
    main(*inputs())
