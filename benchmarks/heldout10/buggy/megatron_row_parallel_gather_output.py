"""Megatron-style tensor-parallel MLP with ColumnParallelLinear / RowParallelLinear classes."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    w1 = (rng.normal(size=(16, 32)) * 0.1).astype(np.float32)
    w2 = (rng.normal(size=(32, 16)) * 0.1).astype(np.float32)
    return x, w1, w2


@dataclass
class ColumnParallelLinear:
    tp_axis: str = "tp"

    def __call__(self, x, w):
        return x @ w


@dataclass
class RowParallelLinear:
    tp_axis: str = "tp"
    sequence_parallel: bool = True

    def reduce_output(self, y):
        return jax.lax.psum(y, self.tp_axis)

    def gather_output(self, y):
        return jax.lax.all_gather(y, self.tp_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, h, w):
        y = self.reduce_output(h @ w)
        if self.sequence_parallel:
            y = self.gather_output(y)
        return y


class ParallelMLP:
    def __init__(self, tp_axis="tp"):
        self.fc1 = ColumnParallelLinear(tp_axis)
        self.fc2 = RowParallelLinear(tp_axis)

    def __call__(self, x, w1, w2):
        return self.fc2(jax.nn.gelu(self.fc1(x, w1)), w2)


def main(x, w1, w2):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    w1 = jax.device_put(w1, NamedSharding(mesh, P(None, "tp")))
    w2 = jax.device_put(w2, NamedSharding(mesh, P("tp", None)))
    mlp = ParallelMLP()
    fwd = jax.shard_map(mlp, mesh=mesh, in_specs=(P("dp", None), P(None, "tp"), P("tp", None)),
                        out_specs=P("dp", None, reduced={"tp"}))
    return fwd(x, w1, w2)
