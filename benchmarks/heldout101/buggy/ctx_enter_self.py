"""Row norms of a tensor-parallel block; the gather axis comes from a reduction scope object."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReductionScope:
    """Names the axis a step reduces over and logs entry/exit."""

    def __init__(self, axis):
        self.axis = axis
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self

    def __exit__(self, exc_type, exc, tb):
        self.depth -= 1
        return False


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with ReductionScope("model") as scope:
        def body(block):
            sq = jnp.sum(block * block, axis=1, keepdims=True)
            norms = jax.lax.psum(sq, scope.axis)
            return jax.lax.all_gather(norms, scope.axis, axis=0, tiled=True, to="reduced")

        out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                            out_specs=P("data", None, reduced={"model"}))(x)
    return out


if __name__ == "__main__":
    main()
