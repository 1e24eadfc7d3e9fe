"""Replica-mean of per-replica losses via a reduction chosen by name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_by_name(x, reduction, axis=0):
    if reduction == "none":
        return x
    return getattr(x, reduction)(axis=axis)


class DataParallelLoss:
    def __init__(self, axis_name, reduction="mean"):
        self.axis_name = axis_name
        self.reduction = reduction

    def __call__(self, per_example):
        everyone = jax.lax.all_gather(per_example, self.axis_name, axis=0, tiled=True, to="reduced")
        return reduce_by_name(everyone, self.reduction)


def inputs():
    return (np.linspace(0.0, 2.0, 16 * 4, dtype=np.float32).reshape(16, 4),)


def main(losses):
    mesh = jax.make_mesh((2, 4), ("node", "local"))
    losses = jax.device_put(losses, NamedSharding(mesh, P("node", "local")))
    loss_fn = DataParallelLoss("node")
    return jax.shard_map(loss_fn, mesh=mesh, in_specs=P("node", "local"),
                         out_specs=P("local", reduced={"node"}))(losses)


if __name__ == "__main__":
    main(*inputs())
