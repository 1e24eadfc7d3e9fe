"""Sinkhorn iterations from a CLI script; scalings and row marginals are shared through one helper."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("src", "tgt"))


def share(x, axis):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")


def sinkhorn(cost, a, b, eps, iters):
    k = jnp.exp(-cost / eps)

    def step(_, uv):
        u, v = uv
        u = a / jax.lax.psum(k @ v, "tgt")
        v = b / jax.lax.psum(k.T @ u, "src")
        return u, v

    u, v = jax.lax.fori_loop(0, iters, step, (jnp.ones_like(a), jnp.ones_like(b)))
    row_marginal = jax.lax.psum((u[:, None] * k * v[None, :]).sum(axis=1), "tgt")
    return share(u, "src"), share(row_marginal, "tgt")


def parse(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--eps", type=float, default=0.5)
    p.add_argument("--iters", type=int, default=5)
    return p.parse_args(argv)


def inputs():
    cost = jax.device_put(jax.random.uniform(jax.random.key(50), (32, 16)), NamedSharding(mesh, P("src", "tgt")))
    a = jax.device_put(jnp.full((32,), 1 / 32), NamedSharding(mesh, P("src")))
    b = jax.device_put(jnp.full((16,), 1 / 16), NamedSharding(mesh, P("tgt")))
    return cost, a, b


def main(cost, a, b, argv=()):
    args = parse(list(argv))
    run = jax.shard_map(lambda c, x, y: sinkhorn(c, x, y, args.eps, args.iters), mesh=mesh,
                        in_specs=(P("src", "tgt"), P("src"), P("tgt")),
                        out_specs=(P(None, reduced={"src"}), P("src", reduced={"tgt"})))
    return run(cost, a, b)


if __name__ == "__main__":
    print(main(*inputs()))
