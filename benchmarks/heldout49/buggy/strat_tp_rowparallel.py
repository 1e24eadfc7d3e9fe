"""Tensor-parallel linear layers as strategy objects: column- then row-parallel with SP input."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ParallelLinear:
    def __init__(self, axis):
        self.axis = axis


class SequenceParallelInput(ParallelLinear):
    def __call__(self, x):
        return jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")


class RowParallel(ParallelLinear):
    def __call__(self, x, w):
        gathered = jax.lax.all_gather(x, self.axis, axis=1, tiled=True)
        return gathered @ w


def block(x, w, axis="model"):
    h = SequenceParallelInput(axis)(x)
    return RowParallel(axis)(h, w)


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("pod", "data", "model"))
    rng = np.random.default_rng(62)
    x = jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                       NamedSharding(mesh, P(("pod", "data"), "model")))
    w = jax.device_put(rng.normal(size=(8, 4)).astype(np.float32), NamedSharding(mesh, P(None, None)))
    return mesh, x, w


def main(mesh, x, w):
    f = jax.shard_map(block, mesh=mesh, in_specs=(P(("pod", "data"), "model"), P(None, None)),
                      out_specs=P(("pod", "data"), "model"))
    return f(x, w)


if __name__ == "__main__":
    main(*inputs())
