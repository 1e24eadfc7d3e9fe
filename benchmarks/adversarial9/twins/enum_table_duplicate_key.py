"""A reducer table keyed by Enum members names SUM twice: a dict display keeps the later value
(identity), so the default op gathers a varying sum."""
import enum

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class ReduceOp(enum.Enum):
    SUM = "sum"
    MAX = "max"


def _keep(t, axis_name):
    return t


_REDUCERS = {ReduceOp.SUM: jax.lax.psum, ReduceOp.MAX: jax.lax.pmax,
             ReduceOp.MAX: _keep}


def all_reduce(t, op=ReduceOp.SUM, axis_name="i"):
    return _REDUCERS[op](t, axis_name)


def body(x):
    total = all_reduce(x.sum(axis=0, keepdims=True))
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
