"""Near miss of ca8: the members share a value, so `Fmt.SPARSE` is `Fmt.DENSE` and each table's
second entry replaces its first (the gather is then valid): such keys are not read."""
import enum

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Fmt(enum.Enum):
    DENSE = 0
    SPARSE = 0


DEVICE = {Fmt.DENSE: P("i", "j"), Fmt.SPARSE: P("j", "i")}
HOST = {Fmt.DENSE: P("j", None, reduced={"i"}), Fmt.SPARSE: P("j", None, reduced={"i"})}


def build_fn(fmt, mesh):
    return jax.jit(lambda v: v * 2.0, out_shardings=NamedSharding(mesh, DEVICE[fmt]))


def main(mesh, x):
    fmt = Fmt.DENSE
    with jax.set_mesh(mesh):
        y = build_fn(fmt, mesh)(x)
        return top_level_all_gather(y, HOST[fmt])
