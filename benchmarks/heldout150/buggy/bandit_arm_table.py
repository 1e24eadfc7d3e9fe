"""agents/bandits/arm_table.py -- neural bandit that publishes the predicted reward of every arm for
every context in the batch (the dashboard's arm table); ("seed", "batch", "unit") 2x2x2 mesh."""
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

AXES = ("seed", "batch", "unit")
SEEDS = 2
SPECS = {"w1": P("seed", None, "unit"), "w2": P("seed", "unit", None)}
BSPEC = Transition(P("seed", "batch", None), P("seed", "batch"), P("seed", "batch"),
                   P("seed", "batch", None), P("seed", "batch"))
TABLE_AXES = {"rows": "batch", "publish": ("batch", "seed")}


def init_params(hidden=16, seed=1):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(SEEDS, Env.obs_dim, hidden))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(SEEDS, hidden, Env.n_actions))).astype(np.float32)}


def arm_values(p, obs):
    h = jnp.tanh(jnp.einsum("sbo,soh->sbh", obs, p["w1"]))
    return jax.lax.psum(jnp.einsum("sbh,sha->sba", h, p["w2"]), "unit")


def rows_of(values):
    return jax.lax.all_gather(values, TABLE_AXES["rows"], axis=1, tiled=True, to="reduced")


def published(values):
    rows = rows_of(values)
    return jax.lax.all_gather(rows, TABLE_AXES["publish"], axis=0, tiled=True, to="reduced")


def bandit_body(params, batch, lr=0.1):
    a = batch.action.astype(jnp.int32)[..., None]

    def loss_fn(p):
        values = arm_values(p, batch.obs)
        return jnp.mean((jnp.take_along_axis(values, a, -1)[..., 0] - batch.reward) ** 2), values

    (loss, values), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree.map(lambda w, d: w - lr * jax.lax.pmean(d, "batch"), params, g)
    return params, published(jax.lax.stop_gradient(values))


def make_update(mesh):
    step = jax.jit(jax.shard_map(bandit_body, mesh=mesh, in_specs=(SPECS, BSPEC),
                                 out_specs=(SPECS, P(None, None, None, reduced={"seed", "batch"}))))
    tables = []

    def update(params, batch):
        stacked = Transition(*(np.stack([x] * SEEDS) for x in batch))
        placed = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(stacked, BSPEC)))
        params, table = step(params, placed)
        tables.append(np.asarray(table))
        return params, {"best_arm_share": (tables[-1].argmax(-1) == 0).mean()}

    return update, tables


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    with jax.set_mesh(mesh):
        update, tables = make_update(mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in init_params().items()}
        learner = Learner(update, params, queue.Queue(), Logger("arm-table"))

        def policy(obs):
            w = {k: np.asarray(v)[0] for k, v in learner.state.items()}
            return np.argmax(np.tanh(obs @ w["w1"]) @ w["w2"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=3), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(0.8, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return tables[-1]


if __name__ == "__main__":
    main(*inputs())
