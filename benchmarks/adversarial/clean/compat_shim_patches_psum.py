"""A compatibility shim (restored afterwards) that makes jax.lax.psum cast missing axes first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_orig_psum = jax.lax.psum


def _psum_old_semantics(x, axis_name, **kw):
    axes = (axis_name,) if isinstance(axis_name, str) else tuple(axis_name)
    missing = tuple(a for a in axes if a not in jax.typeof(x).mat.varying)
    if missing and len(missing) < len(axes):
        x = jax.lax.pcast(x, missing, to="varying")
    return _orig_psum(x, axis_name, **kw)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), ("data", "model"))

    jax.lax.psum = _psum_old_semantics
    try:
        return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)
    finally:
        jax.lax.psum = _orig_psum


if __name__ == "__main__":
    print(main(*inputs()))
