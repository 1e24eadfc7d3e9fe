"""agents/bandits/count_bonus.py -- neural bandit with a count-based exploration bonus: arm pull counts
of the whole batch are pooled per seed; ("seed", "batch", "unit") 2x2x2 mesh."""
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


class BanditNets(NamedTuple):
    w1: np.ndarray
    w2: np.ndarray


SPECS = BanditNets(P("seed", None, "unit"), P("seed", "unit", None))
BSPEC = Transition(P("seed", "batch", None), P("seed", "batch"), P("seed", "batch"),
                   P("seed", "batch", None), P("seed", "batch"))


class ArmCounter:
    def __init__(self, n_arms, axis):
        self.n_arms, self.axis = n_arms, axis

    def pooled_onehots(self, actions):
        onehot = jax.nn.one_hot(actions, self.n_arms)
        return jax.lax.all_gather(onehot, self.axis, axis=1, tiled=True, to="reduced")

    def counts(self, actions):
        pulls = self.pooled_onehots(actions)
        return jax.lax.psum(jnp.sum(pulls, axis=1), self.axis)


class CountBonusBandit:
    def __init__(self, mesh, lr=0.1, beta=0.5):
        self.mesh, self.lr, self.beta = mesh, lr, beta
        self.counter = ArmCounter(Env.n_actions, "batch")
        self.step = jax.jit(jax.shard_map(self.body, mesh=mesh, in_specs=(SPECS, BSPEC),
                                          out_specs=(SPECS, P("seed", None))))

    def values(self, nets, obs):
        h = jax.nn.relu(jnp.einsum("sbo,soh->sbh", obs, nets.w1))
        return jax.lax.psum(jnp.einsum("sbh,sha->sba", h, nets.w2), "unit")

    def body(self, nets, batch):
        a = batch.action.astype(jnp.int32)
        counts = self.counter.counts(a)

        def loss_fn(n):
            pred = jnp.take_along_axis(self.values(n, batch.obs), a[..., None], -1)[..., 0]
            return jnp.mean((pred - batch.reward) ** 2)

        g = jax.grad(loss_fn)(nets)
        g = jax.lax.pmean(g, "batch")
        nets = BanditNets(*(w - self.lr * d for w, d in zip(nets, g)))
        bonus = self.beta / jnp.sqrt(counts + 1.0)
        return nets, bonus

    def update(self, nets, batch):
        stacked = Transition(*(np.stack([x, x]) for x in batch))
        placed = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(stacked, BSPEC)))
        nets, bonus = self.step(nets, placed)
        return nets, {"bonus": np.asarray(bonus)}


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((2, 2, 2), ("seed", "batch", "unit"))
    rng = np.random.default_rng(2)
    init = BanditNets((0.3 * rng.normal(size=(2, Env.obs_dim, 16))).astype(np.float32),
                      (0.1 * rng.normal(size=(2, 16, Env.n_actions))).astype(np.float32))
    with jax.set_mesh(mesh):
        agent = CountBonusBandit(mesh)
        nets = BanditNets(*(jax.device_put(w, NamedSharding(mesh, s)) for w, s in zip(init, SPECS)))
        learner = Learner(agent.update, nets, queue.Queue(), Logger("count-bonus"))

        def policy(obs):
            n = BanditNets(*(np.asarray(w)[0] for w in learner.state))
            return np.argmax(np.maximum(obs @ n.w1, 0) @ n.w2, axis=1)

        actor = Actor(VecEnv(num_envs, seed=12), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.05, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state.w2


if __name__ == "__main__":
    main(*inputs())
