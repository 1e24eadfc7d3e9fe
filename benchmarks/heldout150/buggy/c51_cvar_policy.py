"""agents/c51/risk/cvar.py -- risk-averse C51-lite: the greedy target action maximises the lower-tail
CVaR of the full (regathered) value distribution; "data" x "atoms" 4x2 mesh."""
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
class RiskConfig:
    atoms: int = 16
    hidden: int = 16
    v_min: float = -2.0
    v_max: float = 2.0
    tail: float = 0.25
    lr: float = 0.05

    @property
    def support(self):
        return np.linspace(self.v_min, self.v_max, self.atoms, dtype=np.float32)


PSPEC = {"w1": P(None, None), "w2": P(None, None, "atoms")}
BSPEC = Transition(P("data", None), P("data"), P("data"), P("data", None), P("data"))


def init_params(cfg, seed=23):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(Env.obs_dim, cfg.hidden))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(cfg.hidden, Env.n_actions, cfg.atoms))).astype(np.float32)}


class CVaRLearner:
    def __init__(self, cfg, mesh):
        self.cfg, self.mesh = cfg, mesh
        self.step = jax.jit(jax.shard_map(self.body, mesh=mesh, in_specs=(PSPEC, BSPEC),
                                          out_specs=(PSPEC, P())))

    def probs(self, p, obs):
        lg = jnp.einsum("bh,hau->bau", jax.nn.relu(obs @ p["w1"]), p["w2"])
        e = jnp.exp(lg - jax.lax.pmax(jax.lax.stop_gradient(lg.max(-1, keepdims=True)), "atoms"))
        return e / jax.lax.psum(e.sum(-1, keepdims=True), "atoms")

    def cvar(self, probs):
        full = jax.lax.all_gather(probs, "atoms", axis=2, tiled=True, to="reduced")
        tail = full[..., :int(self.cfg.tail * self.cfg.atoms)] * self.cfg.support[:int(self.cfg.tail * self.cfg.atoms)]
        return jnp.sum(tail, axis=-1) / self.cfg.tail

    def body(self, params, batch):
        n_probs = self.probs(params, batch.next_obs)
        rows = jnp.arange(batch.obs.shape[0])
        greedy = jnp.argmax(self.cvar(n_probs), axis=-1)
        target = jax.lax.stop_gradient(n_probs[rows, greedy])

        def loss_fn(p):
            chosen = self.probs(p, batch.obs)[rows, batch.action.astype(jnp.int32)]
            return -jnp.mean(jax.lax.psum(jnp.sum(target * jnp.log(chosen + 1e-6), -1), "atoms"))

        loss, g = jax.value_and_grad(loss_fn)(params)
        params = jax.tree.map(lambda w, d: w - self.cfg.lr * jax.lax.pmean(d, "data"), params, g)
        return params, jax.lax.pmean(loss, "data")

    def update(self, params, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s)) for x, s in zip(batch, BSPEC)))
        params, loss = self.step(params, batch)
        return params, {"loss": loss}


def inputs():
    return RiskConfig(), 8, 10


def main(cfg, num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), ("data", "atoms"))
    with jax.set_mesh(mesh):
        agent = CVaRLearner(cfg, mesh)
        params = {k: jax.device_put(v, NamedSharding(mesh, PSPEC[k])) for k, v in init_params(cfg).items()}
        learner = Learner(agent.update, params, queue.Queue(), Logger("cvar"))

        def policy(obs):
            w = jax.tree.map(np.asarray, learner.state)
            lg = np.einsum("bh,hau->bau", np.maximum(obs @ w["w1"], 0), w["w2"])
            pr = np.exp(lg - lg.max(-1, keepdims=True))
            return np.argmax((pr / pr.sum(-1, keepdims=True)) @ cfg.support, axis=1)

        actor = Actor(VecEnv(num_envs, seed=31), policy, ReplayBuffer(256), learner.queue, 32,
                      linear_schedule(1.0, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state["w2"]


if __name__ == "__main__":
    main(*inputs())
