"""The caller builds the mesh and the spec tree, then hands both to a module function that maps a
nested closure over its own axis parameter; the sum over two axes meets a value reduced on one."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def distribute(mesh, spec, axis):
    def body(h):
        total = jax.lax.all_gather(h, axis, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(total, (axis, "j"))  # SF103
    return jax.jit(jax.shard_map(partial(body), mesh=mesh, in_specs=spec, out_specs=P()))


def run(mesh, x):
    spec = P("i", None)
    return distribute(mesh, spec, "i")(jnp.asarray(x))
