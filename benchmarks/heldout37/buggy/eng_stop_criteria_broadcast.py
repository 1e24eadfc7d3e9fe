"""Stop-criteria broadcast in an engine step: finished flags go around the replicas."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "tensor"))
N_REPLICAS = 4


class StopChecker:
    def __init__(self, eos_id, axis="replica"):
        self.eos_id = eos_id
        self.axis = axis
        self.ring = [(i, (i + 1) % N_REPLICAS) for i in range(N_REPLICAS)]

    def finished(self, last_tokens):
        hit = (last_tokens == self.eos_id).astype(jnp.float32)
        return jax.lax.all_gather(hit, self.axis, to="reduced", tiled=True)

    def forward_to_next(self, flags):
        return jax.lax.ppermute(flags, self.axis, perm=self.ring)


def engine_step(last_tokens, checker):
    flags = checker.finished(last_tokens)
    return checker.forward_to_next(flags)


def inputs():
    toks = jnp.arange(8 * 4, dtype=jnp.int32).reshape(8, 4) % 5
    return (jax.device_put(toks, NamedSharding(MESH, P("replica", "tensor"))),)


def main(last_tokens):
    checker = StopChecker(eos_id=2)
    step = jax.shard_map(functools.partial(engine_step, checker=checker), mesh=MESH,
                         in_specs=P("replica", "tensor"), out_specs=P("replica", "tensor"))
    return step(last_tokens)
