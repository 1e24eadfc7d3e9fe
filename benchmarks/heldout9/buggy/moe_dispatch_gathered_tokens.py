"""Hand-written expert-parallel dispatch: each expert shard first sees every token of its group,
then a capacity-sized buffer is exchanged with all_to_all."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_EXPERTS = 4
CAPACITY = 2

mesh = jax.make_mesh((2, 4), ("data", "expert"))

COLLECTIVES = {
    "gather_tokens": functools.partial(jax.lax.all_gather, axis_name="expert", axis=0,
                                       tiled=True, to="reduced"),
    "dispatch": lambda buf: jax.lax.all_to_all(buf, "expert", 0, 0, tiled=True),
}


def make_buffer(tokens):
    d = tokens.shape[-1]
    return tokens[: NUM_EXPERTS * CAPACITY].reshape(NUM_EXPERTS, CAPACITY, d)


def moe_layer(x):
    group = COLLECTIVES["gather_tokens"](x)
    buf = make_buffer(group)
    return COLLECTIVES["dispatch"](buf)


def main(x):
    spec = P(("data", "expert"), None)
    f = jax.shard_map(moe_layer, mesh=mesh, in_specs=spec,
                      out_specs=P(("data", "expert"), None, None))
    return f(jax.device_put(x, NamedSharding(mesh, spec)))


def inputs():
    return (jax.random.normal(jax.random.key(2), (16, 8)),)
