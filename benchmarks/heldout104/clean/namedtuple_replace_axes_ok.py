"""A stage plan is a namedtuple; later stages are derived with _replace."""
from collections import namedtuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Stage = namedtuple("Stage", ["axes", "dim"])

FIRST = Stage(axes=("data",), dim=0)
SECOND = FIRST._replace(axes=("model",), dim=1)


def run_stage(v, stage):
    return jax.lax.all_gather(v, stage.axes, axis=stage.dim, tiled=True, to="reduced")


def body(b):
    t = run_stage(b, FIRST)
    return run_stage(t, SECOND)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data", "model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
