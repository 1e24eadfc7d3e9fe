import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

DIM_TO_AXIS = {"row": "i", "col": "j"}
DIMS = ("row", "col")


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def body(x):
    per_col = jax.lax.psum(jnp.sum(x, axis=0), DIM_TO_AXIS["row"])
    return jax.lax.psum(per_col, tuple(DIM_TO_AXIS[d] for d in DIMS))  # SF105


def run(mesh, x):
    spec = spec_of(DIMS)
    with jax.set_mesh(mesh):
        return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec_of(()))(x)
