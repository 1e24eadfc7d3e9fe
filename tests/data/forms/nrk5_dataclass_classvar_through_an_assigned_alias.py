"""`CV = typing.ClassVar`: a hint through an alias the module assigned is a ClassVar to dataclasses;
where an alias stands, the field reading gives up (adversarial32 D), not knowing which argument
`axes` takes."""
import dataclasses
import typing
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CV = typing.ClassVar


@dataclasses.dataclass
class Plan:
    axes: CV[tuple] = ("i",)
    size: tuple = ("i", "j")


def main():
    return reduce_rows(Plan(("i", "j")).axes)


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
