"""An axis table keyed by an Enum of roles: the column role is not mapped, so the psum runs
over the row axis alone, over which the value varies (valid)."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Role(enum.Enum):
    ROWS = "rows"
    COLS = "cols"


class AxisTable:
    def __init__(self, mapping):
        self._mapping = dict(mapping)

    def mapped(self):
        return tuple(self._mapping[role] for role in Role if role in self._mapping)

    def missing(self):
        return [role for role in Role if role not in self._mapping]


def main():
    table = AxisTable({Role.ROWS: "i"})
    for role in table.missing():
        print("unmapped role", role.name)
    return reduce_over(table.mapped())


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
