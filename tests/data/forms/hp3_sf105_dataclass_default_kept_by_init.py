"""`@dataclass` keeps a field's default as it was at decoration: a later class attribute does
not change what `Plan()` stores (the wide axes)."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Plan:
    axes: tuple = ("i", "j")


Plan.axes = ("i",)


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    return reduce_rows(Plan().axes)


if __name__ == "__main__":
    main()
