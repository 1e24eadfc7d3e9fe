"""agents/dqn/per_huber.py -- prioritised-replay DQN with Huber TD errors; the learner returns the
batch's clipped TD errors on every device for the priority tree; ("batch", "hidden") 2x4 mesh."""
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
class PERConfig:
    huber_delta: float = 1.0
    alpha: float = 0.6
    gamma: float = 0.99
    lr: float = 0.05
    hidden: int = 16
    axes: tuple = ("batch", "hidden")


class PERLearner:
    def __init__(self, cfg, mesh):
        self.cfg, self.mesh = cfg, mesh
        b, h = cfg.axes
        self.specs = {"w1": P(None, h), "w2": P(h, None)}
        self.bspec = Transition(P(b, None), P(b), P(b), P(b, None), P(b))
        self.step = jax.jit(jax.shard_map(self.body, mesh=mesh, in_specs=(self.specs, self.bspec),
                                          out_specs=(self.specs, P(None, reduced={b}))))

    def init(self, seed=5):
        rng = np.random.default_rng(seed)
        raw = {"w1": rng.normal(size=(Env.obs_dim, self.cfg.hidden)) * 0.3,
               "w2": rng.normal(size=(self.cfg.hidden, Env.n_actions)) * 0.05}
        return {k: jax.device_put(v.astype(np.float32), NamedSharding(self.mesh, self.specs[k]))
                for k, v in raw.items()}

    def body(self, params, batch):
        cfg = self.cfg
        b, h = cfg.axes

        def td_errors(p):
            q = jax.lax.psum(jax.nn.elu(batch.obs @ p["w1"]) @ p["w2"], h)
            qn = jax.lax.psum(jax.nn.elu(batch.next_obs @ p["w1"]) @ p["w2"], h)
            y = batch.reward + cfg.gamma * (1 - batch.done) * jax.lax.stop_gradient(jnp.max(qn, axis=1))
            return jnp.take_along_axis(q, batch.action.astype(jnp.int32)[:, None], axis=1)[:, 0] - y

        def loss(p):
            td = td_errors(p)
            quad = jnp.minimum(jnp.abs(td), cfg.huber_delta)
            return jnp.mean(0.5 * quad ** 2 + cfg.huber_delta * (jnp.abs(td) - quad)), td

        (_, td), g = jax.value_and_grad(loss, has_aux=True)(params)
        params = jax.tree.map(lambda w, d: w - cfg.lr * jax.lax.pmean(d, b), params, g)
        clipped = jnp.clip(jnp.abs(td), 1e-3, cfg.huber_delta)
        clipped = jax.lax.all_gather(clipped, b, tiled=True, to="reduced")
        return params, clipped

    def update(self, params, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(batch, self.bspec)))
        params, prio = self.step(params, batch)
        return params, {"priority": np.asarray(prio) ** self.cfg.alpha}


def inputs():
    return PERConfig(), (2, 4), 10


def main(cfg, shape, num_steps):
    mesh = jax.make_mesh(shape, cfg.axes)
    with jax.set_mesh(mesh):
        agent = PERLearner(cfg, mesh)
        learner = Learner(agent.update, agent.init(), queue.Queue(), Logger("per"))

        def policy(obs):
            w1, w2 = (np.asarray(learner.state[k]) for k in ("w1", "w2"))
            h = np.where(obs @ w1 > 0, obs @ w1, np.expm1(np.minimum(obs @ w1, 0)))
            return np.argmax(h @ w2, axis=1)

        actor = Actor(VecEnv(8, seed=21), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.1, num_steps))
        counter = Counter()
        run_loop(actor, learner, counter, num_steps)
        return learner.state["w2"]


if __name__ == "__main__":
    main(*inputs())
