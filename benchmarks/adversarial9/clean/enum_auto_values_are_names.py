"""auto() values come from _generate_next_value_ (the lower-cased name), so Op(1) raises and the
caught ValueError picks NONE."""
import enum

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Op(enum.Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    SUM = enum.auto()
    NONE = enum.auto()


def _keep(t, axis_name):
    return t


_REDUCERS = {Op.SUM: jax.lax.psum, Op.NONE: _keep}


def pick(code):
    try:
        return Op(code)
    except ValueError:
        return Op.NONE


def body(x):
    total = _REDUCERS[pick(1)](x.sum(axis=0, keepdims=True), "i")
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
