"""agents/bandits/regret.py -- neural bandit that tracks the batch's total (model-estimated) regret
across both seeds; ("seed", "batch", "unit") 2x2x2 mesh, seeds independent, units model-parallel."""
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

MESH_SPEC = (("seed", 2), ("batch", 2), ("unit", 2))
AXIS_NAMES = tuple(name for name, _ in MESH_SPEC)
SPECS = {"w1": P("seed", None, "unit"), "w2": P("seed", "unit", None)}
BSPEC = Transition(P("seed", "batch", None), P("seed", "batch"), P("seed", "batch"),
                   P("seed", "batch", None), P("seed", "batch"))


def init_params(seed=6):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(2, Env.obs_dim, 16))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(2, 16, Env.n_actions))).astype(np.float32)}


def predicted_rewards(p, obs):
    h = jax.nn.softplus(jnp.einsum("sbo,soh->sbh", obs, p["w1"]))
    return jax.lax.psum(jnp.einsum("sbh,sha->sba", h, p["w2"]), "unit")


def estimated_regret(values, actions):
    best = jnp.max(values, axis=-1)
    taken = jnp.take_along_axis(values, actions[..., None], -1)[..., 0]
    return jnp.sum(best - taken)


def bandit_body(params, batch, lr=0.1):
    a = batch.action.astype(jnp.int32)

    def loss_fn(p):
        v = predicted_rewards(p, batch.obs)
        return jnp.mean((jnp.take_along_axis(v, a[..., None], -1)[..., 0] - batch.reward) ** 2), v

    (loss, values), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree.map(lambda w, d: w - lr * jax.lax.pmean(d, "batch"), params, g)
    regret = estimated_regret(jax.lax.stop_gradient(values), a)
    total = jax.lax.psum(regret, AXIS_NAMES)
    return params, {"loss": jax.lax.pmean(loss, "batch")[None], "regret": total}


def make_update(mesh):
    step = jax.jit(jax.shard_map(bandit_body, mesh=mesh, in_specs=(SPECS, BSPEC),
                                 out_specs=(SPECS, {"loss": P("seed"), "regret": P()})))

    def update(params, batch):
        stacked = Transition(*(np.stack([x, x]) for x in batch))
        placed = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(stacked, BSPEC)))
        return step(params, placed)

    return update


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh(tuple(n for _, n in MESH_SPEC), AXIS_NAMES)
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in init_params().items()}
        logger = Logger("regret")
        learner = Learner(make_update(mesh), params, queue.Queue(), logger)

        def policy(obs):
            w = {k: np.asarray(v)[0] for k, v in learner.state.items()}
            return np.argmax(np.log1p(np.exp(obs @ w["w1"])) @ w["w2"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=60), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.1, num_steps))
        counter = Counter()
        run_loop(actor, learner, counter, num_steps)
        print(counter.counts, logger.rows["regret"][-1:])
        return learner.state["w1"]


if __name__ == "__main__":
    main(*inputs())
