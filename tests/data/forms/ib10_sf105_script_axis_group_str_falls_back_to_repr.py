"""An axis group with only a __repr__: str.format() and str() of it fall back to
that repr, the 'i+j' text parsed into both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisGroup:
    def __init__(self, *names):
        self.names = names

    def __repr__(self):
        return "+".join(self.names)


def main():
    key = "{}".format(AxisGroup("i", "j"))
    assert key == str(AxisGroup("i", "j"))
    return reduce_over(tuple(key.split("+")))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
