import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")
_orig_psum = jax.lax.psum


def configure(name, value):
    globals()[name] = value


def _psum_casting(v, axis_name, **kw):
    axes = (axis_name,) if isinstance(axis_name, str) else tuple(axis_name)
    missing = tuple(a for a in axes if a not in jax.typeof(v).mat.varying)
    if missing and len(missing) < len(axes):
        v = jax.lax.pcast(v, missing, to="varying")
    return _orig_psum(v, axis_name, **kw)


def body(v):
    return jax.lax.pmean(jnp.mean(v), AXES)  # none: configure() rebinds AXES through globals()


def body2(v):
    return jax.lax.psum(jnp.sum(v, axis=0), ("i", "j"))  # none: jax.lax.psum is the shim here


def run(mesh, x):
    configure("AXES", ("i",))
    first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    setattr(jax.lax, "psum", _psum_casting)
    try:
        return first, jax.shard_map(body2, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    finally:
        jax.lax.psum = _orig_psum
