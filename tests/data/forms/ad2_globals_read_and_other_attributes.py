import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")
jax.config.update("jax_enable_x64", False)


def setting(name):
    return globals()[name] if name in globals() else globals().get(name)


def body(v):
    return jax.lax.pmean(jnp.mean(v), AXES)  # SF105


def body2(v):
    return jax.lax.psum(jnp.sum(v), setting("AXES")[:1])


def run(mesh, x):
    jax.numpy.fake_helper = None  # another module's attribute: jax.lax.pmean stays JAX's
    first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    return first, jax.shard_map(body2, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
