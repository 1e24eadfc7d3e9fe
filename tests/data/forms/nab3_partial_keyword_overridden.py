"""The call that completes a partial shard_map overrides the partial's in_specs: the body gets
the spec of the call (partial's rule), under which the gather is legal."""
from functools import partial

import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x):
    replicated = partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=P())

    def body(v):
        total = jax.lax.psum(v, "i")  # psum of a value the call's in_specs shard over 'i'
        return jax.lax.all_gather(v, "i", tiled=True, to="reduced"), total  # none: v varies on 'i' under the call's spec

    return replicated(body, in_specs=P("i"), out_specs=(P(reduced={"i"}), P()))(x)
