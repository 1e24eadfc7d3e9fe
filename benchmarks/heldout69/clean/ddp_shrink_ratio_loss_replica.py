"""Dice loss on DBNet shrink maps, the loss averaged the way the torch DDP trainer did it."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


def dice_loss(pred, gt, mask, eps=1e-6, row_axis="shard"):
    inter = jax.lax.psum(jnp.sum(pred * gt * mask), row_axis)
    union = jax.lax.psum(jnp.sum(pred * mask) + jnp.sum(gt * mask), row_axis)
    return 1.0 - 2.0 * inter / (union + eps)


@dataclass
class DDPWrapper:
    device_ids: tuple = ("replica",)
    find_unused_parameters: bool = False

    def average(self, loss):
        return jax.lax.pmean(loss, self.device_ids)


def step(pred, gt, mask, wrapper=DDPWrapper()):
    loss = dice_loss(jax.nn.sigmoid(pred), gt, mask)
    return wrapper.average(loss)


def inputs():
    rng = np.random.default_rng(14)
    pred = rng.normal(size=(8, 16, 16)).astype(np.float32)
    gt = (rng.random((8, 16, 16)) > 0.6).astype(np.float32)
    mask = np.ones((8, 16, 16), np.float32)
    s = NamedSharding(MESH, P("replica", "shard", None))
    return tuple(jax.device_put(a, s) for a in (pred, gt, mask))


def main(pred, gt, mask):
    spec = P("replica", "shard", None)
    fn = jax.shard_map(step, mesh=MESH, in_specs=(spec, spec, spec), out_specs=P())
    print("shrink-map dice loss:", float(fn(pred, gt, mask)))


if __name__ == "__main__":
    main(*inputs())
