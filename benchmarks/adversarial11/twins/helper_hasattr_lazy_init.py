"""A layer computes its statistics once, when it has no such attribute yet; its second call skips the wide sum."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Stats:
    def __call__(self, block):
        if not hasattr(self, "done"):
            self.total = jax.lax.psum(block, ("i", "j"))
        return self.total


STATS = Stats()


def body(block):
    first = STATS(block)
    counts = jax.lax.psum(block, "j")
    return first + STATS(counts)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
