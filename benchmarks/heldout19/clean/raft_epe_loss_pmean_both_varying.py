"""RAFT sequence loss: per-shard EPE averaged over both mesh axes at once."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sequence_loss(preds, gt, axes, gamma):
    n = preds.shape[0]
    total = 0.0
    for i in range(n):
        epe = jnp.sqrt(jnp.sum((preds[i] - gt) ** 2, axis=-1) + 1e-6)
        total = total + gamma ** (n - i - 1) * epe.mean()
    return jax.lax.pmean(total, axes)


def main(preds, gt, argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axes", default="batch,pix")
    args = parser.parse_args(list(argv))
    axes = tuple(args.axes.split(","))
    mesh = jax.make_mesh((4, 2), axes)
    p_spec, g_spec = P(None, axes[0], axes[1], None), P(axes[0], axes[1], None)
    preds = jax.device_put(preds, NamedSharding(mesh, p_spec))
    gt = jax.device_put(gt, NamedSharding(mesh, g_spec))
    fn = jax.shard_map(lambda p, g: sequence_loss(p, g, axes, 0.8), mesh=mesh,
                       in_specs=(p_spec, g_spec), out_specs=P())
    return fn(preds, gt)


def inputs():
    rng = np.random.default_rng(102)
    return (rng.standard_normal((3, 8, 16, 2), dtype=np.float32),
            rng.standard_normal((8, 16, 2), dtype=np.float32))
