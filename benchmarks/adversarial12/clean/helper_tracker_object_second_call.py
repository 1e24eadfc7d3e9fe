"""A tracker object handed to a helper records the first call; the second call skips the sum."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Tracker:
    def __init__(self):
        self.calls = []


def sync(v, axes, tracker):
    if tracker.calls:
        return v
    tracker.calls.append(axes)
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        tracker = Tracker()
        rows = sync(counts, ("i",), tracker)
        return jax.lax.pmean(sync(counts, ("i", "j"), tracker), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
