"""Shampoo: left/right Gram statistics of a 2-D block, assembled on every device."""
from dataclasses import dataclass
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShampooStats(NamedTuple):
    left: jax.Array
    right: jax.Array


@dataclass(frozen=True)
class ShampooConfig:
    beta2: float = 0.99
    block_size: int = 4


class ShampooPreconditioner:
    def __init__(self, config, axes):
        self.config = config
        self.row_axis, self.col_axis = axes
        self.axes = tuple(axes)

    def statistics(self, grad):
        left = grad @ grad.T
        right = grad.T @ grad
        return ShampooStats(left=left, right=right)

    def assemble(self, stats):
        right = jax.lax.all_gather(stats.right, self.col_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(right, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("fsdp", "tensor")))
    pre = ShampooPreconditioner(ShampooConfig(), mesh.axis_names)

    def body(g):
        return pre.assemble(pre.statistics(g))

    return jax.shard_map(body, mesh=mesh, in_specs=P("fsdp", "tensor"),
                         out_specs=P(None, None, reduced={"fsdp", "tensor"}))(grad)


if __name__ == "__main__":
    main(*inputs())
