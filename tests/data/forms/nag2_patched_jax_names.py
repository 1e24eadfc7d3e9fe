import unittest.mock

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

_real_psum = jax.lax.psum
_real_pmean = jax.lax.pmean


def _casting(op):
    def call(v, axis_name, **kw):
        names = (axis_name,) if isinstance(axis_name, str) else tuple(axis_name)
        missing = tuple(a for a in names if a not in jax.typeof(v).mat.varying)
        if missing:
            v = jax.lax.pcast(v, missing, to="varying")
        return op(v, axis_name, **kw)
    return call


def install(module, name, fn):
    setattr(module, name, fn)


def body(v):
    return jax.lax.psum(jnp.sum(v, axis=0), ("i", "j"))  # none: jax.lax.psum is patched around every trace


def body_mean(v):
    return jax.lax.pmean(jnp.mean(v, axis=0), ("i", "j"))  # none: patched by patch.multiple


def run(mesh, x):
    outs = []
    mapped = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())
    with unittest.mock.patch.object(jax.lax, "psum", _casting(_real_psum)):
        outs.append(mapped(x))
    with unittest.mock.patch("jax.lax.psum", new=_casting(_real_psum)):
        outs.append(mapped(x))
    with unittest.mock.patch.multiple(jax.lax, pmean=_casting(_real_pmean)):
        outs.append(jax.shard_map(body_mean, mesh=mesh, in_specs=P("i"), out_specs=P())(x))
    install(jax.lax, "psum", _casting(_real_psum))
    try:
        outs.append(mapped(x))
    finally:
        install(jax.lax, "psum", _real_psum)
    return outs
