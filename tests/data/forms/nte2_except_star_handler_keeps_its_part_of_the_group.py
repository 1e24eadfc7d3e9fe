"""Near-miss of te2: the `except* KeyError` handler keeps its part, so the group that comes
through holds the ValueError only: one problem, one axis (`data`), which JAX takes after the
psum over `model`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def checks(shape):
    found = []
    if shape[0] % 3:
        found.append(ValueError(f"rows {shape[0]} not a multiple of 3"))
    if shape[1] % 5:
        found.append(KeyError("cols"))
    return found


def kept_problems(shape) -> int:
    try:
        try:
            if errs := checks(shape):
                raise ExceptionGroup("checks", errs)
        except* ValueError as group:
            print("value problems:", len(group.exceptions))
            raise
        except* KeyError:
            print("cols checked later")
    except ExceptionGroup as group:
        return len(group.exceptions)
    return 0


def make_body(axes):
    def body(x):
        total = jax.lax.psum(x, "model")
        return jax.lax.pmean(total, axes)
    return body


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    axes = AXES[:kept_problems(x.shape)]
    mesh = jax.make_mesh((2, 4), AXES)
    xd = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", "model"), out_specs=P())(xd)


if __name__ == "__main__":
    main(*inputs())
