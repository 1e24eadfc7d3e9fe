"""agents/sac/logp_table.py -- discrete SAC that returns the log-probabilities of the taken actions for
the whole "batch" group as a reduced value (only sign and magnitude ops after the gather); 2x2x2 mesh."""
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

DATA = ("replica", "batch")
SPECS = {"torso": P(None, "unit"), "q": P("unit", None), "pi": P("unit", None)}
BSPEC = Transition(P(DATA, None), P(DATA), P(DATA), P(DATA, None), P(DATA))


def init_params(seed=51):
    rng = np.random.default_rng(seed)
    return {"torso": (0.3 * rng.normal(size=(Env.obs_dim, 16))).astype(np.float32),
            "q": (0.1 * rng.normal(size=(16, Env.n_actions))).astype(np.float32),
            "pi": (0.1 * rng.normal(size=(16, Env.n_actions))).astype(np.float32)}


class LogpSAC:
    def __init__(self, mesh, alpha=0.1, lr=0.02):
        self.mesh, self.alpha, self.lr = mesh, alpha, lr
        self.step = jax.jit(jax.shard_map(self.body, mesh=mesh, in_specs=(SPECS, BSPEC),
                                          out_specs=(SPECS, P(), P("replica", reduced={"batch"}))))

    def heads(self, p, obs):
        h = jax.nn.relu(obs @ p["torso"])
        return jax.lax.psum(h @ p["q"], "unit"), jax.lax.psum(h @ p["pi"], "unit")

    def body(self, params, batch):
        qn, ln = self.heads(params, batch.next_obs)
        lpn = jax.nn.log_softmax(ln)
        y = jax.lax.stop_gradient(batch.reward + 0.99 * (1 - batch.done)
                                  * jnp.sum(jnp.exp(lpn) * (qn - self.alpha * lpn), -1))
        a = batch.action.astype(jnp.int32)

        def loss_fn(p):
            q, logits = self.heads(p, batch.obs)
            lp = jax.nn.log_softmax(logits)
            td = jnp.take_along_axis(q, a[:, None], 1)[:, 0] - y
            pol = jnp.sum(jnp.exp(lp) * (self.alpha * lp - jax.lax.stop_gradient(q)), -1)
            return jnp.mean(td ** 2) + jnp.mean(pol), jnp.take_along_axis(lp, a[:, None], 1)[:, 0]

        (loss, logp), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda w, d: w - self.lr * jax.lax.pmean(d, DATA), params, g)
        table = jax.lax.all_gather(jax.lax.stop_gradient(logp), "batch", tiled=True, to="reduced")
        return params, jax.lax.pmean(loss, DATA), jnp.abs(table)

    def update(self, params, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(batch, BSPEC)))
        params, loss, table = self.step(params, batch)
        return params, {"loss": loss, "neg_logp": np.asarray(table).mean()}


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((2, 2, 2), (*DATA, "unit"))
    with jax.set_mesh(mesh):
        agent = LogpSAC(mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in init_params().items()}
        learner = Learner(agent.update, params, queue.Queue(), Logger("sac-logp"))

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state)
            return np.argmax(np.maximum(obs @ p["torso"], 0) @ p["pi"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=51), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["q"]


if __name__ == "__main__":
    main(*inputs())
