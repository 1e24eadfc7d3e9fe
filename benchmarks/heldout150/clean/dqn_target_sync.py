"""agents/dqn/target_sync.py -- DQN learner with soft (Polyak) target updates; returns the batch-mean
TD error replicated as a reduced value for the host-side priority schedule ("batch", "hidden") 2x4."""
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
class SyncConfig:
    hidden: int = 16
    gamma: float = 0.99
    lr: float = 0.05
    tau: float = 0.1
    batch_axis: str = "batch"
    unit_axis: str = "hidden"


def init_params(cfg, seed=31):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(Env.obs_dim, cfg.hidden))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(cfg.hidden, Env.n_actions))).astype(np.float32)}


def make_update(cfg, mesh):
    b, u = cfg.batch_axis, cfg.unit_axis
    specs = {"w1": P(None, u), "w2": P(u, None)}
    bspec = Transition(P(b, None), P(b), P(b), P(b, None), P(b))

    def q(p, obs):
        return jax.lax.psum(jax.nn.relu(obs @ p["w1"]) @ p["w2"], u)

    def body(online, target, batch):
        y = batch.reward + cfg.gamma * (1 - batch.done) * jnp.max(q(target, batch.next_obs), axis=1)

        def loss_fn(p):
            q_a = jnp.take_along_axis(q(p, batch.obs), batch.action.astype(jnp.int32)[:, None], 1)[:, 0]
            return jnp.mean((q_a - y) ** 2), q_a - y

        (loss, td), g = jax.value_and_grad(loss_fn, has_aux=True)(online)
        online = jax.tree.map(lambda w, d: w - cfg.lr * jax.lax.pmean(d, b), online, g)
        target = jax.tree.map(lambda t, w: (1 - cfg.tau) * t + cfg.tau * w, target, online)
        mean_td = jax.lax.psum(jnp.sum(jnp.abs(td)), b) / (td.shape[0] * jax.lax.axis_size(b))
        per_shard = jax.lax.pcast(mean_td[None], b, to="varying")
        seen = jax.lax.all_gather(per_shard, b, tiled=True, to="reduced")
        return online, target, jax.lax.pmean(loss, b), seen

    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, specs, bspec),
                                 out_specs=(specs, specs, P(), P(None, reduced={b}))))

    def update(state, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, bspec)))
        online, target, loss, seen = step(state["online"], state["target"], batch)
        return {"online": online, "target": target}, {"loss": loss, "mean_td": np.asarray(seen)[0]}

    return update, specs


def inputs():
    return SyncConfig(), 8, 10


def main(cfg, num_envs, num_steps):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.unit_axis))
    with jax.set_mesh(mesh):
        update, specs = make_update(cfg, mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in init_params(cfg).items()}
        learner = Learner(update, {"online": params, "target": params}, queue.Queue(), Logger("sync"))

        def policy(obs):
            p = jax.tree.map(np.asarray, learner.state["online"])
            return np.argmax(np.maximum(obs @ p["w1"], 0) @ p["w2"], axis=1)

        actor = Actor(VecEnv(num_envs, seed=31), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.05, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["target"]["w1"]


if __name__ == "__main__":
    main(*inputs())
