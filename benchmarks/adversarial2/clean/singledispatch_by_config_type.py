"""functools.singledispatch picks the reduction by the config's type."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class TensorParallel:
    axes: tuple = ("data", "model")


@dataclass
class DataParallel:
    axes: tuple = ("data",)


@functools.singledispatch
def reduce_loss(cfg, loss):
    raise NotImplementedError(type(cfg))


@reduce_loss.register
def _(cfg: TensorParallel, loss):
    return jax.lax.psum(loss, cfg.axes)


@reduce_loss.register
def _(cfg: DataParallel, loss):
    return jax.lax.psum(loss, cfg.axes[0])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    cfg = DataParallel(axes=("data", "model"))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: reduce_loss(cfg, jnp.sum(v)), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
