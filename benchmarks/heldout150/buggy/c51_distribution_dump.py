"""agents/c51/debug/distribution_dump.py -- C51-lite learner that writes the full predicted value
distributions of the batch to the debug store; "data" x "atoms" 4x2 mesh (atoms model-parallel)."""
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

MESH_AXES = ("data", "atoms")
NUM_ATOMS = 16
SUPPORT = np.linspace(-1.5, 1.5, NUM_ATOMS, dtype=np.float32)
PSPEC = {"w1": P(None, None), "w2": P(None, None, "atoms")}
BSPEC = Transition(P("data", None), P("data"), P("data"), P("data", None), P("data"))


def init_params(hidden=16, seed=4):
    rng = np.random.default_rng(seed)
    return {"w1": (0.3 * rng.normal(size=(Env.obs_dim, hidden))).astype(np.float32),
            "w2": (0.1 * rng.normal(size=(hidden, Env.n_actions, NUM_ATOMS))).astype(np.float32)}


def local_support():
    width = NUM_ATOMS // jax.lax.axis_size("atoms")
    return jax.lax.dynamic_slice_in_dim(jnp.asarray(SUPPORT), jax.lax.axis_index("atoms") * width, width)


def categorical(p, obs):
    logits = jnp.einsum("bh,hau->bau", jnp.tanh(obs @ p["w1"]), p["w2"])
    e = jnp.exp(logits - jax.lax.pmax(jax.lax.stop_gradient(logits.max(-1, keepdims=True)), "atoms"))
    probs = e / jax.lax.psum(e.sum(-1, keepdims=True), "atoms")
    return probs, jax.lax.psum(jnp.sum(probs * local_support(), -1), "atoms")


class DistributionStore:
    items = collections.deque(maxlen=3)

    def collect(self, probs):
        full = jax.lax.all_gather(probs, "atoms", axis=2, tiled=True, to="reduced")
        return jax.lax.all_gather(full, MESH_AXES, axis=0, tiled=True, to="reduced")


def c51_body(params, batch, store, lr=0.05):
    n_probs, n_q = categorical(params, batch.next_obs)
    rows = jnp.arange(batch.obs.shape[0])
    target = jax.lax.stop_gradient(n_probs[rows, n_q.argmax(-1)])

    def loss_fn(p):
        probs, _ = categorical(p, batch.obs)
        chosen = probs[rows, batch.action.astype(jnp.int32)]
        return -jnp.mean(jax.lax.psum(jnp.sum(target * jnp.log(chosen + 1e-6), -1), "atoms")), probs

    (loss, probs), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree.map(lambda w, dw: w - lr * jax.lax.pmean(dw, "data"), params, g)
    return params, jax.lax.pmean(loss, "data"), store.collect(probs)


def make_update(mesh, store):
    body = functools.partial(c51_body, store=store)
    step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(PSPEC, BSPEC),
                                 out_specs=(PSPEC, P(), P(None, None, None, reduced=set(MESH_AXES)))))

    def update(params, batch):
        batch = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, BSPEC)))
        params, loss, table = step(params, batch)
        store.items.append(np.asarray(table))
        return params, {"loss": loss}

    return update


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    with jax.set_mesh(mesh):
        store = DistributionStore()
        params = {k: jax.device_put(v, NamedSharding(mesh, PSPEC[k])) for k, v in init_params().items()}
        learner = Learner(make_update(mesh, store), params, queue.Queue(), Logger("c51-dump"))

        def policy(obs):
            w = jax.tree.map(np.asarray, learner.state)
            logits = np.einsum("bh,hau->bau", np.tanh(obs @ w["w1"]), w["w2"])
            return np.argmax((logits - logits.max()) @ SUPPORT, axis=1)

        actor = Actor(VecEnv(num_envs, seed=12), policy, ReplayBuffer(256), learner.queue, 32, lambda t: 0.3)
        run_loop(actor, learner, Counter(), num_steps)
    return store.items[-1]


if __name__ == "__main__":
    main(*inputs())
