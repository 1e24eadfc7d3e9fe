"""Hyperparameter sweep: learning rates sharded over 'sweep', seeds vmapped inside each shard."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv=()):
    p = argparse.ArgumentParser()
    p.add_argument("--sweep-axis", default="sweep")
    p.add_argument("--data-axis", default="data")
    p.add_argument("--seeds", type=int, default=3)
    return p.parse_args(list(argv))


ARGS = parse()
mesh = jax.make_mesh((4, 2), (ARGS.sweep_axis, ARGS.data_axis))


def train_one(seed, lr, x):
    w = jax.random.normal(jax.random.key(seed), (x.shape[1],))
    for _ in range(3):
        g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
        w = w - lr * g
    return jnp.mean((x @ w) ** 2)


def sweep(lrs, x, args=ARGS):
    seeds = jnp.arange(args.seeds)
    losses = jax.vmap(lambda s: jax.vmap(lambda lr: train_one(s, lr, x))(lrs))(seeds)
    losses = jax.lax.pmean(losses, args.data_axis)
    best = jnp.min(losses, axis=0)
    table = jax.lax.all_gather(best, args.data_axis, tiled=True, to="reduced")
    return table


def inputs():
    lrs = jnp.linspace(0.01, 0.1, 8)
    x = jax.random.normal(jax.random.key(3), (16, 4))
    return (jax.device_put(lrs, NamedSharding(mesh, P(ARGS.sweep_axis))),
            jax.device_put(x, NamedSharding(mesh, P(ARGS.data_axis))))


def main(lrs, x):
    f = jax.shard_map(sweep, mesh=mesh, in_specs=(P(ARGS.sweep_axis), P(ARGS.data_axis)),
                      out_specs=P(ARGS.sweep_axis, reduced={ARGS.data_axis}))
    return f(lrs, x)
