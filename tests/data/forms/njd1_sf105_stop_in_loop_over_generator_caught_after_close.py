"""The psum over ("i", "j") raises in the loop, which leaves the generator suspended: CPython
closes it as the error leaves the loop, its `finally` clears `RETRY`, and the handler then
swallows the error: the program ends normally (a run that did not close the generator would see
`RETRY` still set, re-raise, and report the psum)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RETRY = {"on": True}


def groupings():
    try:
        yield ("i", "j")
        yield ("i",)
    finally:
        RETRY["on"] = False


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    try:
        for axes in groupings():
            reduce_rows(mesh, x, axes)
    except Exception:
        if RETRY["on"]:
            raise


if __name__ == "__main__":
    main()
