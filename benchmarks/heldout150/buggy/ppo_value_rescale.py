"""agents/ppo/value_rescaling.py -- PPO-lite critic with targets divided by the largest return seen
in the batch; rollout batch over "env", hidden units over "model" (4x2 mesh)."""
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


class Networks(NamedTuple):
    torso: np.ndarray
    pi: np.ndarray
    v: np.ndarray


def init_networks(hidden=16, seed=8):
    rng = np.random.default_rng(seed)
    return Networks(torso=(rng.normal(size=(Env.obs_dim, hidden)) * 0.3).astype(np.float32),
                    pi=(rng.normal(size=(hidden, Env.n_actions)) * 0.1).astype(np.float32),
                    v=(rng.normal(size=(hidden, 1)) * 0.1).astype(np.float32))


class ValueRescaledPPO:
    net_specs = Networks(P(None, "model"), P("model", None), P("model", None))
    batch_specs = Transition(P("env", None), P("env"), P("env"), P("env", None), P("env"))

    def __init__(self, mesh, gamma=0.97, lr=0.03):
        self.mesh, self.gamma, self.lr = mesh, gamma, lr
        self.step = jax.jit(jax.shard_map(self.learn, mesh=mesh, in_specs=(self.net_specs, self.batch_specs),
                                          out_specs=(self.net_specs, P(), P())))

    def apply(self, net, obs):
        h = jax.nn.relu(obs @ net.torso)
        return jax.lax.psum(h @ net.pi, "model"), jax.lax.psum(h @ net.v, "model")[:, 0]

    def scaled_targets(self, net, batch):
        _, v_next = self.apply(net, batch.next_obs)
        returns = batch.reward + self.gamma * (1 - batch.done) * v_next
        seen = jax.lax.all_gather(returns, "env", tiled=True, to="reduced")
        peak = jax.lax.pmax(jnp.abs(seen), "env")
        scale = jnp.max(peak) + 1e-3
        return returns / scale, scale

    def learn(self, net, batch):
        targets, scale = self.scaled_targets(jax.lax.stop_gradient(net), batch)
        a = batch.action.astype(jnp.int32)

        def loss_fn(n):
            logits, v = self.apply(n, batch.obs)
            adv = jax.lax.stop_gradient(targets - v)
            logp = jnp.take_along_axis(jax.nn.log_softmax(logits), a[:, None], 1)[:, 0]
            return -jnp.mean(logp * adv) + jnp.mean((v - targets) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(net)
        g = jax.lax.pmean(g, "env")
        net = Networks(*(w - self.lr * d for w, d in zip(net, g)))
        return net, jax.lax.pmean(loss, "env"), scale

    def update(self, net, batch):
        placed = Transition(*(jax.device_put(x, NamedSharding(self.mesh, s))
                              for x, s in zip(batch, self.batch_specs)))
        net, loss, scale = self.step(net, placed)
        return net, {"loss": loss, "value_scale": scale}


def inputs():
    return 8, 10


def main(num_envs, num_steps):
    mesh = jax.make_mesh((4, 2), ("env", "model"))
    with jax.set_mesh(mesh):
        agent = ValueRescaledPPO(mesh)
        net = Networks(*(jax.device_put(w, NamedSharding(mesh, s))
                         for w, s in zip(init_networks(), agent.net_specs)))
        learner = Learner(agent.update, net, queue.Queue(), Logger("ppo-vr"))

        def policy(obs):
            n = Networks(*map(np.asarray, learner.state))
            return np.argmax(np.maximum(obs @ n.torso, 0) @ n.pi, axis=1)

        actor = Actor(VecEnv(num_envs, seed=2), policy, ReplayBuffer(200), learner.queue, 32,
                      linear_schedule(0.6, 0.1, num_steps))
        run_loop(actor, learner, Counter(), num_steps)
        return learner.state.v


if __name__ == "__main__":
    main(*inputs())
