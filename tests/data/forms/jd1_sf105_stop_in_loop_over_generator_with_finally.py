"""The loop's body raises at the psum (over ("i", "j") of a value already reduced over "i"); the
generator it walks is left suspended and closed as the error leaves `main`, running its
`finally`, which changes nothing of that error: the program ends with JAX's error at the psum."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPENED = []


def groupings():
    OPENED.append("groupings")
    try:
        yield ("i", "j")
        yield ("i",)
    finally:
        OPENED.pop()


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    for axes in groupings():
        reduce_rows(mesh, x, axes)


if __name__ == "__main__":
    main()
