"""A dataclass subclass redeclares a field with a narrower default."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ReduceConfig:
    axes: tuple = ("data", "model")
    mean: bool = False


@dataclasses.dataclass
class DataParallelReduce(ReduceConfig):
    axes: tuple = ("data",)


def reduce(cfg, v):
    op = jax.lax.pmean if cfg.mean else jax.lax.psum
    return op(v, cfg.axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    cfg = DataParallelReduce(mean=True)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: reduce(cfg, jnp.mean(v, axis=0)), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
