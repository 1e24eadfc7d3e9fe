"""Dense fallback of an expert-parallel FFN: the kernels are gathered over both mesh axes in
one tuple gather per dimension of the mesh, without an FSDP gather first."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("fsdp", "expert"))
FSDP, EXPERT = mesh.axis_names


def dense_fallback(w_in):
    every = jax.lax.all_gather(w_in, (EXPERT, FSDP), axis=0, tiled=True, to="reduced")
    return jnp.tanh(every)


def main(w_in):
    spec = P((EXPERT, FSDP), None, None)
    f = jax.shard_map(dense_fallback, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, None, reduced={FSDP, EXPERT}))
    return f(jax.device_put(w_in, NamedSharding(mesh, spec)))


def inputs():
    return (jax.random.normal(jax.random.key(102), (8, 16, 32)),)
