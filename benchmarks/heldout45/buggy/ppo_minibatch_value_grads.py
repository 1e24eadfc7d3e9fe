"""PPO critic update: a linear value head fit per minibatch, epochs x minibatches in Python loops."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TrainConfig(NamedTuple):
    lr: float = 0.05
    update_epochs: int = 2
    num_minibatches: int = 2
    data_axes: tuple = ("env", "model")


class CriticState(NamedTuple):
    weights: jax.Array
    bias: jax.Array
    step: int


def make_update_fn(cfg, mesh):
    env_axis = cfg.data_axes[0]

    def value_grad(weights, bias, feats, returns):
        pred = feats @ weights + bias
        err = pred - returns
        n = feats.shape[0]
        return feats.T @ err / n, err.mean()

    def update_epochs(weights, bias, feats, returns):
        mb = feats.shape[0] // cfg.num_minibatches
        for _ in range(cfg.update_epochs):
            for i in range(cfg.num_minibatches):
                sl = slice(i * mb, (i + 1) * mb)
                g_w, g_b = value_grad(weights, bias, feats[sl], returns[sl])
                g_w, g_b = jax.lax.pmean((g_w, g_b), cfg.data_axes)
                weights, bias = weights - cfg.lr * g_w, bias - cfg.lr * g_b
        return weights, bias

    sharded = jax.shard_map(update_epochs, mesh=mesh,
                            in_specs=(P(), P(), P(env_axis, None), P(env_axis)),
                            out_specs=(P(), P()))
    return jax.jit(sharded)


class Critic:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh
        self.update_fn = make_update_fn(cfg, mesh)

    def train(self, state, feats, returns):
        weights, bias = self.update_fn(state.weights, state.bias, feats, returns)
        return CriticState(weights, bias, state.step + 1)


def inputs():
    rng = np.random.default_rng(1)
    feats = rng.normal(size=(64, 6)).astype(np.float32)
    returns = rng.normal(size=(64,)).astype(np.float32)
    return feats, returns


def main(feats, returns):
    cfg = TrainConfig()
    mesh = jax.make_mesh((4, 2), cfg.data_axes)
    env_axis = cfg.data_axes[0]
    feats = jax.device_put(feats, NamedSharding(mesh, P(env_axis, None)))
    returns = jax.device_put(returns, NamedSharding(mesh, P(env_axis)))
    state = CriticState(jnp.zeros((6,), jnp.float32), jnp.zeros((), jnp.float32), 0)
    critic = Critic(cfg, mesh)
    state = critic.train(state, feats, returns)
    return state.weights, state.bias


if __name__ == "__main__":
    main(*inputs())
