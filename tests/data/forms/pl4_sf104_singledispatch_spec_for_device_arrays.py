"""The export spec picked by `functools.singledispatch` on the value's type: the overload
registered for `jax.Array` (every array on devices is one; a NumPy array would take the base
function) asks for a replicated layout reduced over 'data' of weights split over 'expert'."""
import functools

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.singledispatch
def export_spec(value, axes):
    raise TypeError(type(value).__name__)


@export_spec.register
def _(value: jax.Array, axes):
    return P(*([None] * value.ndim), reduced=set(axes))


@export_spec.register(np.ndarray)
def _(value, axes):
    return P()


def main():
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    w = jax.device_put(np.ones((4, 8), np.float32), NamedSharding(mesh, P("expert", None)))
    host = export_spec(np.ones((2, 2), np.float32), ["expert"])
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, export_spec(w, ["data"])), host  # SF104


if __name__ == "__main__":
    main()
