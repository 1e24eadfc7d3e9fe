"""`astuple` makes the nested dataclass a tuple too: both axes."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Axes:
    batch: str = "i"
    model: str = "j"


@dataclasses.dataclass
class Plan:
    axes: Axes = dataclasses.field(default_factory=Axes)
    steps: int = 10


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    return reduce_rows(dataclasses.astuple(Plan())[0])


if __name__ == "__main__":
    main()
