"""An Enum of mesh axes whose `_missing_` classmethod accepts any spelling (`Axis(" DATA ")`
finds no member by value, so Enum asks `_missing_`, which returns the member whose value is the
lower-cased text); an unknown name raises ValueError, which the loader turns into its default.
The psum result, invariant over 'data', is gathered to reduced over 'data'."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    DATA = "data"
    MODEL = "model"

    @classmethod
    def _missing_(cls, value):
        for member in cls:
            if member.value == str(value).strip().lower():
                return member
        return None


def load_axis(text, default=Axis.MODEL):
    try:
        return Axis(text)
    except ValueError:
        return default


def main():
    log_axis = load_axis(" DATA ").value
    other = load_axis("tensor").value  # (no such axis: the default, 'model')
    mesh = jax.make_mesh((4, 2), ("data", other))

    def body(x):
        total = jax.lax.psum(x, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
