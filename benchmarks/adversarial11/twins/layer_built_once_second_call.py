"""A layer computes its statistics only on its first call (self.built); the second call in the body skips the wide sum."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Norm:
    def __init__(self):
        self.built = False

    def __call__(self, block):
        if not self.built:
            self.built = False
            return jax.lax.psum(block, ("i", "j"))
        return block


NORM = Norm()


def body(block):
    stats = NORM(block)
    counts = jax.lax.psum(block, "j")
    return stats + jax.lax.psum(NORM(counts), "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
