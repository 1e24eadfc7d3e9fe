"""Shampoo right statistics assembled on every device, cast back to varying before regathering."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShampooStats(NamedTuple):
    left: jax.Array
    right: jax.Array


class ShampooPreconditioner:
    def __init__(self, axes):
        self.row_axis, self.col_axis = axes
        self.axes = tuple(axes)

    def statistics(self, grad):
        return ShampooStats(left=grad @ grad.T, right=grad.T @ grad)

    def assemble(self, stats):
        right = jax.lax.all_gather(stats.right, self.col_axis, axis=1, tiled=True, to="reduced")
        right = jax.lax.pcast(right, self.col_axis, to="varying")
        return jax.lax.all_gather(right, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(103)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("fsdp", "tensor")))
    pre = ShampooPreconditioner(mesh.axis_names)
    return jax.shard_map(lambda g: pre.assemble(pre.statistics(g)), mesh=mesh, in_specs=P("fsdp", "tensor"),
                         out_specs=P(None, None, reduced={"fsdp", "tensor"}))(grad)


if __name__ == "__main__":
    main(*inputs())
