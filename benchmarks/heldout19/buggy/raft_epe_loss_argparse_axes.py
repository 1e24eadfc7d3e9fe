"""RAFT sequence loss script: mesh axes come from the command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axes", default="batch,pix")
    parser.add_argument("--gamma", type=float, default=0.8)
    return parser.parse_args(argv)


def sequence_loss(preds, gt, axes, gamma):
    batch_axis, pixel_axis = axes
    total = 0.0
    n = preds.shape[0]
    for i in range(n):
        epe = jnp.sqrt(jnp.sum((preds[i] - gt) ** 2, axis=-1) + 1e-6)
        total = total + gamma ** (n - i - 1) * jax.lax.psum(epe.mean(), pixel_axis)
    return jax.lax.pmean(total, (batch_axis, pixel_axis))


def main(preds, gt, argv=()):
    args = parse(list(argv))
    axes = tuple(args.axes.split(","))
    mesh = jax.make_mesh((4, 2), axes)
    preds = jax.device_put(preds, NamedSharding(mesh, P(None, axes[0], axes[1], None)))
    gt = jax.device_put(gt, NamedSharding(mesh, P(axes[0], axes[1], None)))
    fn = jax.shard_map(lambda p, g: sequence_loss(p, g, axes, args.gamma), mesh=mesh,
                       in_specs=(P(None, axes[0], axes[1], None), P(axes[0], axes[1], None)),
                       out_specs=P())
    return fn(preds, gt)


if __name__ == "__main__":
    rng = np.random.default_rng(4)
    print(main(rng.standard_normal((3, 8, 16, 2)), rng.standard_normal((8, 16, 2))))


def inputs():
    rng = np.random.default_rng(4)
    return (rng.standard_normal((3, 8, 16, 2), dtype=np.float32),
            rng.standard_normal((8, 16, 2), dtype=np.float32))
