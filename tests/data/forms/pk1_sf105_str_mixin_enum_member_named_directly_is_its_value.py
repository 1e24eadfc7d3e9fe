"""A member of a `(str, Enum)` class named directly is the str it is: JAX binds
`MeshAxis.MODEL` as the axis "model", whatever its text (`f"{m}"` is "MeshAxis.MODEL", which the
log line only shows). The mean over both axes of a block varying on 'data' only raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"


LABELS = tuple(f"{a}" for a in (MeshAxis.DATA, MeshAxis.MODEL))


def body(x):
    return jax.lax.pmean(x, (MeshAxis.DATA, MeshAxis.MODEL))  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    print(LABELS)
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
