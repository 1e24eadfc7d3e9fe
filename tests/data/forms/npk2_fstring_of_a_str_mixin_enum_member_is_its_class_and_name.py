"""An f-string's `{m}` of a `(str, Enum)` member formats `str(m)` on Python 3.11 and later:
"MeshAxis.DATA", no key of the table, so the body reduces over 'data' only: nothing raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"


REDUCED = {"data": ("data", "model")}  # the axes a text names; "MeshAxis.DATA" is no key


def body(x):
    return jax.lax.pmean(x, REDUCED.get(f"{MeshAxis.DATA}", "data"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
