"""The psum over ("i", "j") raises in the loop, which leaves the generator suspended: CPython
closes it as the error unwinds the loop, its `finally` sets `DONE`, and the `with` block's exit,
which swallows errors once `DONE` is set, ends the error: the program ends normally."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DONE = {"on": False}


class Quiet:
    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        return DONE["on"]


def groupings():
    try:
        yield ("i", "j")
        yield ("i",)
    finally:
        DONE["on"] = True


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with Quiet():
        for axes in groupings():
            reduce_rows(mesh, x, axes)


if __name__ == "__main__":
    main()
