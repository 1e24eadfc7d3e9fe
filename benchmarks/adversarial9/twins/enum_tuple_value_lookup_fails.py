"""SUM's value is the tuple ("sum",) (a trailing comma), so ReduceOp("sum") raises ValueError,
which the program catches and falls back to NONE."""
import enum

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class ReduceOp(enum.Enum):
    SUM = "sum"
    NONE = "none"


def _keep(t, axis_name):
    return t


_REDUCERS = {ReduceOp.SUM: jax.lax.psum, ReduceOp.NONE: _keep}


def pick(name):
    try:
        return ReduceOp(name)
    except ValueError:
        return ReduceOp.NONE


def body(x):
    total = _REDUCERS[pick("sum")](x.sum(axis=0, keepdims=True), "i")
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
