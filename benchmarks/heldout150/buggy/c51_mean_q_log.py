"""agents/c51/learner.py -- categorical (C51-lite) DQN with the value distribution's atoms split over
"atoms" and the replay batch over "data" (4x2 mesh); logs the mean Q of every learner step."""
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
class C51Config:
    hidden: int = 16
    num_atoms: int = 16
    v_min: float = -2.0
    v_max: float = 2.0
    lr: float = 0.05
    data_axis: str = "data"
    atom_axis: str = "atoms"


def init_params(cfg, seed=0):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(Env.obs_dim, cfg.hidden))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(cfg.hidden, Env.n_actions, cfg.num_atoms))).astype(np.float32)}


def make_step(cfg, mesh):
    d, z = cfg.data_axis, cfg.atom_axis
    pspec = {"w1": P(None, None), "w2": P(None, None, z)}
    bspec = Transition(P(d, None), P(d), P(d), P(d, None), P(d))

    def distribution(p, obs, support):
        logits = jnp.einsum("bh,hau->bau", jax.nn.relu(obs @ p["w1"]), p["w2"])
        top = jax.lax.pmax(jax.lax.stop_gradient(logits.max(-1, keepdims=True)), z)
        e = jnp.exp(logits - top)
        probs = e / jax.lax.psum(e.sum(-1, keepdims=True), z)
        return probs, jax.lax.psum(jnp.sum(probs * support, -1), z)

    def body(params, batch, support):
        next_probs, next_q = distribution(params, batch.next_obs, support)
        rows = jnp.arange(batch.obs.shape[0])
        target = jax.lax.stop_gradient(next_probs[rows, jnp.argmax(next_q, -1)])

        def loss_fn(p):
            probs, q = distribution(p, batch.obs, support)
            chosen = probs[rows, batch.action.astype(jnp.int32)]
            return -jnp.mean(jax.lax.psum(jnp.sum(target * jnp.log(chosen + 1e-6), -1), z)), q

        (loss, q), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda w, dw: w - cfg.lr * jax.lax.pmean(dw, d), params, g)
        mean_q = jax.lax.pmean(jnp.mean(q), d)
        q_log = jax.lax.all_gather(mean_q, z, to="reduced")
        return params, jax.lax.pmean(loss, d), q_log

    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(pspec, bspec, P(z)),
                                 out_specs=(pspec, P(), P(None, reduced={z}))))
    return step, pspec, bspec


def inputs():
    return C51Config(), 8, 10


def main(cfg, num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), (cfg.data_axis, cfg.atom_axis))
    with jax.set_mesh(mesh):
        step, pspec, bspec = make_step(cfg, mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, pspec[k])) for k, v in init_params(cfg).items()}
        support_np = np.linspace(cfg.v_min, cfg.v_max, cfg.num_atoms, dtype=np.float32)
        support = jax.device_put(support_np, NamedSharding(mesh, P(cfg.atom_axis)))

        def update(p, batch):
            batch = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, bspec)))
            p, loss, q_log = step(p, batch, support)
            return p, {"loss": loss, "mean_q": np.asarray(q_log)[0]}

        learner = Learner(update, params, queue.Queue(), Logger("c51"))

        def policy(obs):
            w = {k: np.asarray(v) for k, v in learner.state.items()}
            logits = np.einsum("bh,hau->bau", np.maximum(obs @ w["w1"], 0), w["w2"])
            probs = np.exp(logits - logits.max(-1, keepdims=True))
            return np.argmax((probs / probs.sum(-1, keepdims=True)) @ support_np, axis=1)

        actor = Actor(VecEnv(num_envs), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["w2"]


if __name__ == "__main__":
    main(*inputs())
