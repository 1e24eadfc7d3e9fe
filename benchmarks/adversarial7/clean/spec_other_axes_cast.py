"""The cast axes are the mesh axes not in the spec ('model'), on which the row sum is invariant."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPEC = P("data", None)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, SPEC))
    other = tuple(a for a in mesh.axis_names if a not in SPEC)

    def body(block):
        v = jax.lax.pcast(block.sum(axis=0), other, to="varying")
        return jax.lax.psum(v, mesh.axis_names)

    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
