"""`TupleClassVar = tuple`: a field whatever its name says (adversarial32 D): the run reads the
class the alias holds where the body evaluates it, so `axes` takes the argument, one axis."""
import dataclasses
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TupleClassVar = tuple


@dataclasses.dataclass
class Plan:
    axes: TupleClassVar = ("i", "j")


def main():
    return reduce_rows(Plan(("i",)).axes)


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
