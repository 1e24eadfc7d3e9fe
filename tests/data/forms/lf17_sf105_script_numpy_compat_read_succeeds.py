"""A metrics module picks its integration function the way NumPy 1/2 compatible code does
(`np.trapezoid`, else the old `np.trapz`); NumPy 2 has `trapezoid`, so no AttributeError is
raised, the module records that it runs on the new API and the job picks the psum over both mesh
axes, which raises for a value varying on "data" only."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

try:
    integrate = np.trapezoid
    NEW_NUMPY = True
except AttributeError:
    integrate = np.trapz
    NEW_NUMPY = False


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = ("data", "model") if NEW_NUMPY else ("data",)
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
