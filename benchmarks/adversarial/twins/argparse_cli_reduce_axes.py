"""A small data-parallel trainer CLI: the axes the loss is averaged over come from the command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser(description="toy linear regression")
    parser.add_argument("--mesh", default="2,4")
    # the default suits runs whose batch is split over both axes
    parser.add_argument("--loss-axes", default="data,model")
    parser.add_argument("--lr", type=float, default=0.1)
    return parser


def inputs():
    # this launcher shards the batch over 'data' only, so it averages over 'data' only
    args = build_parser().parse_args([])
    rng = np.random.default_rng(0)
    return args, rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32)


def main(args, x, y):
    shape = tuple(int(n) for n in args.mesh.split(","))
    mesh = jax.make_mesh(shape, ("data", "model"))
    loss_axes = tuple(args.loss_axes.split(","))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    w = jax.device_put(jnp.zeros(4), NamedSharding(mesh, P()))

    def step(w, x, y):
        err = x @ w - y
        local = jnp.mean(err ** 2)
        return jax.lax.pmean(local, loss_axes)

    loss = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())(w, x, y)
    return loss * args.lr


if __name__ == "__main__":
    cli = build_parser().parse_args()
    print(main(cli, *inputs()[1:]))
