"""`np.random.seed(0)` seeds the global RandomState and hands back None, no array: the test
`is None` holds, the reduction stays on ("data",) and the psum is accepted (a run that held the
result as a host array took the other branch)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    return ("data",) if np.random.seed(0) is None else ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    axes = reduction_axes()
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
