"""A CLI training script: the axes gradients are synchronised over come from --sync-axes and
are passed to the step through a default argument."""
import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def cli(argv):
    p = argparse.ArgumentParser(description="toy sharded regression")
    p.add_argument("--mesh", default="2,4")
    p.add_argument("--sync-axes", default="data,seq")
    p.add_argument("--lr", type=float, default=0.05)
    return p.parse_args(argv)


def sgd_step(w, x, y, lr, sync_axes=("data",)):
    def loss(w):
        return jnp.mean((x @ w - y) ** 2)
    g = jax.grad(loss)(w)
    g = jax.lax.pmean(g, sync_axes)
    return w - lr * g


def inputs():
    w = np.zeros((4, 1), np.float32)
    x = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    y = np.ones((16, 1), np.float32)
    return w, x, y


def main(w, x, y):
    args = cli([])
    shape = tuple(int(s) for s in args.mesh.split(","))
    mesh = jax.make_mesh(shape, ("data", "seq"))
    step = functools.partial(sgd_step, lr=args.lr, sync_axes=tuple(args.sync_axes.split(",")))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    f = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
    return f(w, x, y)


if __name__ == "__main__":
    print(main(*inputs()))
