"""A test helper patches jax.lax.psum with unittest.mock while tracing."""
import unittest.mock

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_real_psum = jax.lax.psum


def psum_casting(x, axis_name, **kw):
    names = (axis_name,) if isinstance(axis_name, str) else tuple(axis_name)
    missing = tuple(a for a in names if a not in jax.typeof(x).mat.varying)
    if missing:
        x = jax.lax.pcast(x, missing, to="varying")
    return _real_psum(x, axis_name, **kw)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        return jax.lax.psum(jnp.sum(v, axis=0), ("data", "model"))

    with unittest.mock.patch.object(jax.lax, "psum", psum_casting):
        return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
