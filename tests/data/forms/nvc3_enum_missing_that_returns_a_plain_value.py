"""An Enum whose `_missing_` hands back the lower-cased text instead of a member: Enum raises
TypeError for it, which the loader catches and answers with 'model', where the psum result
varies. Taken as the member of that value, the axis would be 'data', which JAX rejects: the
analysis must not read a `_missing_` result that is no member."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    DATA = "data"
    MODEL = "model"

    @classmethod
    def _missing_(cls, value):
        return str(value).strip().lower()


def load_axis(text):
    try:
        return Axis(text).value
    except (TypeError, ValueError):
        return "model"


def main():
    axis = load_axis(" DATA ")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"model"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
