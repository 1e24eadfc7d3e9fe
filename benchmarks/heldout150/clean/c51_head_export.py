"""agents/c51/export.py -- trains the C51-lite head and exports the distribution head whole for the
serving graph; the head's atoms live on "atoms", the batch on "data" (4x2 mesh)."""
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

ROLES = {"batch": "data", "model": "atoms"}
LAYOUT = {"w1": P(None, None), "w2": P(None, None, ROLES["model"])}


def export_spec(name):
    spec = LAYOUT[name]
    sharded = {a for a in spec if a is not None}
    return P(*([None] * len(spec)), reduced=sharded)


def init_params(seed=5):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(Env.obs_dim, 16))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(16, Env.n_actions, 16))).astype(np.float32)}


def c51_step(params, support, obs, action, next_obs):
    def dist(p, x):
        lg = jnp.einsum("bh,hau->bau", jnp.tanh(x @ p["w1"]), p["w2"])
        e = jnp.exp(lg - jax.lax.pmax(jax.lax.stop_gradient(lg.max(-1, keepdims=True)), "atoms"))
        pr = e / jax.lax.psum(e.sum(-1, keepdims=True), "atoms")
        return pr, jax.lax.psum(jnp.sum(pr * support, -1), "atoms")

    n_pr, n_q = dist(params, next_obs)
    rows = jnp.arange(obs.shape[0])
    target = jax.lax.stop_gradient(n_pr[rows, n_q.argmax(-1)])

    def loss_fn(p):
        chosen = dist(p, obs)[0][rows, action]
        return -jnp.mean(jax.lax.psum(jnp.sum(target * jnp.log(chosen + 1e-6), -1), "atoms"))

    loss, g = jax.value_and_grad(loss_fn)(params)
    g = jax.lax.pmean(g, "data")
    return jax.tree.map(lambda w, d: w - 0.05 * d, params, g), jax.lax.pmean(loss, "data")


def make_update(mesh, support):
    rows = P("data", None)
    step = jax.jit(jax.shard_map(c51_step, mesh=mesh, in_specs=(LAYOUT, P("atoms"), rows, P("data"), rows),
                                 out_specs=(LAYOUT, P())))

    def update(params, batch):
        put = lambda x, s: jax.device_put(x, NamedSharding(mesh, s))
        params, loss = step(params, support, put(batch.obs, rows), put(batch.action.astype(np.int32), P("data")),
                            put(batch.next_obs, rows))
        return params, {"loss": loss}

    return update


def export_head(params):
    return {name: np.asarray(top_level_all_gather(w, export_spec(name))) for name, w in params.items()}


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), ("data", "atoms"))
    support_np = np.linspace(-2, 2, 16, dtype=np.float32)
    with jax.set_mesh(mesh):
        support = jax.device_put(support_np, NamedSharding(mesh, P("atoms")))
        params = {k: jax.device_put(v, NamedSharding(mesh, LAYOUT[k])) for k, v in init_params().items()}
        learner = Learner(make_update(mesh, support), params, queue.Queue(), Logger("c51-export"))

        def policy(obs):
            w = jax.tree.map(np.asarray, learner.state)
            lg = np.einsum("bh,hau->bau", np.tanh(obs @ w["w1"]), w["w2"])
            return np.argmax(lg.max(-1), axis=1)

        actor = Actor(VecEnv(num_envs, seed=2), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        head = export_head(learner.state)
        return head["w2"]


if __name__ == "__main__":
    main(*inputs())
