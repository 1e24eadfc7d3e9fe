"""The metrics module of lf17 written the other way round: it reads the old `np.trapz` first,
which NumPy 2.4 removed, so the read raises AttributeError, the handler takes `np.trapezoid` and
records the new API as a fallback, and the job keeps ("data",): the psum passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

try:
    integrate = np.trapz
    OLD_NUMPY = True
except AttributeError:
    integrate = np.trapezoid
    OLD_NUMPY = False


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = ("data", "model") if OLD_NUMPY else ("data",)
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
