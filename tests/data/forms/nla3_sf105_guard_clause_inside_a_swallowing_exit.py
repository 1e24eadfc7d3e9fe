"""A context manager of the program whose `__exit__` returns True for its own error (an optional
feature that may be unavailable) swallows a guard clause's raise: on 8 devices the check raises,
the block ends there, and the plan set before the `with` (a psum over "j" only) is used."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Unavailable(Exception):
    pass


class optional_feature:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        return kind is not None and issubclass(kind, Unavailable)


def reduce_rows(x, mesh, axes):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = "j"
    with optional_feature("wide reduction"):
        if jax.device_count() < 16:
            raise Unavailable("the wide reduction needs 16 devices")
        axes = ("i", "j")
    return reduce_rows(np.ones((8, 8), np.float32), mesh, axes)


if __name__ == "__main__":
    main()
