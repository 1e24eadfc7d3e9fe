"""Expert-parallel FFN whose expert kernels are also FSDP-sharded over d_model. When the router
is disabled (warm-up steps) every device runs a dense mixture of all experts, so the kernels are
gathered over both mesh axes."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("fsdp", "expert"))
FSDP, EXPERT = mesh.axis_names

fsdp_gather = functools.partial(jax.lax.all_gather, axis_name=FSDP, axis=1, tiled=True,
                                to="reduced")


def dense_fallback(w_in, w_out):
    w_in = fsdp_gather(w_in)
    w_out = fsdp_gather(w_out)
    every_in = jax.lax.all_gather(w_in, mesh.axis_names[::-1], axis=0, tiled=True, to="reduced")
    return every_in, w_out


def main(w_in, w_out):
    spec = P(EXPERT, FSDP, None)
    f = jax.shard_map(dense_fallback, mesh=mesh, in_specs=(spec, spec),
                      out_specs=(P(None, None, None, reduced={FSDP, EXPERT}),
                                 P(EXPERT, None, None, reduced={FSDP})))
    return f(jax.device_put(w_in, NamedSharding(mesh, spec)),
             jax.device_put(w_out, NamedSharding(mesh, spec)))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(1))
    return jax.random.normal(k1, (8, 16, 32)), jax.random.normal(k2, (8, 32, 16))
