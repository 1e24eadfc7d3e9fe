"""Spec tables keyed by the members of a plain `enum.Enum`, the member held in a local handed to
a builder returning a jit whose out_shardings reads the table by it."""
import enum

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Fmt(enum.Enum):
    DENSE = 0
    SPARSE = 1


DEVICE = {Fmt.DENSE: P("i", "j"), Fmt.SPARSE: P(("i", "j"))}
HOST = {Fmt.DENSE: P("j", None, reduced={"i"}), Fmt.SPARSE: P(None, reduced={"i", "j"})}


def build_fn(fmt, mesh):
    return jax.jit(lambda v: v * 2.0, out_shardings=NamedSharding(mesh, DEVICE[fmt]))


def main(mesh, x):
    fmt = Fmt.DENSE
    with jax.set_mesh(mesh):
        y = build_fn(fmt, mesh)(x)
        return top_level_all_gather(y, HOST[fmt])  # SF104
