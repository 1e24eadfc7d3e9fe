"""Boundary-MPS contraction of a PEPS: the boundary tensors are collected for the final trace."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

N_COLUMNS = 8
CHI = 16


@dataclasses.dataclass(frozen=True)
class BoundaryLayout:
    column_axis: str = "column"
    bond_axis: str = "bond"
    working: P = dataclasses.field(default_factory=lambda: P("column", "bond"))
    collected: P = dataclasses.field(
        default_factory=lambda: P(None, None, reduced={"column", "bond"}))


class BoundaryMPS:
    def __init__(self, layout, mesh):
        self.layout = layout
        self.mesh = mesh

    def init(self, tensors):
        return jax.device_put(tensors, NamedSharding(self.mesh, self.layout.working))

    def absorb_row(self, boundary, row):
        return jnp.tanh(boundary * row)

    def collect(self, boundary):
        return top_level_all_gather(boundary, self.layout.collected)


def inputs():
    rng = np.random.default_rng(73)
    boundary = rng.normal(size=(N_COLUMNS, CHI)).astype(np.float32)
    rows = rng.normal(size=(3, N_COLUMNS, CHI)).astype(np.float32)
    return boundary, rows


def main(boundary, rows):
    layout = BoundaryLayout()
    mesh = jax.make_mesh((2, 4), (layout.column_axis, layout.bond_axis))
    bmps = BoundaryMPS(layout, mesh)
    with jax.set_mesh(mesh):
        b = bmps.init(boundary)
        for row in rows:
            b = bmps.absorb_row(b, bmps.init(row))
        final = bmps.collect(b)
    return final


if __name__ == "__main__":
    main(*inputs())
