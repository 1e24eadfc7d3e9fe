"""Portfolio back-test CLI: weights over (scen, asset); a report helper prints the allocation."""
import argparse

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def cli(argv=()):
    p = argparse.ArgumentParser(description="back-test")
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--lr", type=float, default=0.1)
    return p.parse_args(list(argv))


def rebalance(w, grad, lr):
    w = w * jnp.exp(-lr * grad)
    return w / w.sum(axis=-1, keepdims=True)


def report(weights):
    full = top_level_all_gather(weights, P(None, "asset", reduced={"scen"}))
    return full.sum(axis=0)


def main(mesh, weights, grads):
    args = cli()
    with jax.set_mesh(mesh):
        w = jax.device_put(weights, NamedSharding(mesh, P("scen", "asset")))
        g = jax.device_put(grads, NamedSharding(mesh, P("scen", "asset")))
        for _ in range(args.steps):
            w = rebalance(w, g, args.lr)
    return report(w)


def inputs():
    mesh = jax.make_mesh((4, 2), ("scen", "asset"))
    return mesh, jnp.full((8, 8), 1 / 8), jax.random.normal(jax.random.key(19), (8, 8))
