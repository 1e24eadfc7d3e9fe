"""T5X-like decoding cache: per-head key cache gathered for host-side inspection."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = [
    ("batch", "data"),
    ("heads", "model"),
    ("length", None),
    ("kv", None),
]


class DecodingState(NamedTuple):
    cur_index: jax.Array
    cached_key: jax.Array
    cached_value: jax.Array


def logical_to_mesh_axes(names, rules=LOGICAL_AXIS_RULES):
    lookup = dict(rules)
    return P(*[lookup[n] for n in names])


class MultiHeadDotProductAttention:
    cache_axes = ("batch", "length", "heads", "kv")

    def __init__(self, rules=LOGICAL_AXIS_RULES):
        self.rules = rules
        self.heads_axis = dict(rules)["heads"]

    def _gather_heads(self, cache):
        return jax.lax.all_gather(cache, self.heads_axis, axis=2, tiled=True, to="reduced")

    def _gather_to_host(self, x, names):
        mesh_axes = tuple(dict(self.rules)[n] for n in names if dict(self.rules)[n] is not None)
        return jax.lax.all_gather(x, mesh_axes, axis=0, tiled=True, to="reduced")

    def inspect_cache(self, state):
        keys = self._gather_heads(state.cached_key)
        norms = jnp.sum(keys * keys, axis=-1)
        return self._gather_to_host(norms, ("batch", "heads"))


def inputs():
    rng = np.random.default_rng(7)
    state = DecodingState(
        cur_index=np.zeros((), np.int32),
        cached_key=rng.standard_normal((8, 6, 8, 4)).astype(np.float32),
        cached_value=rng.standard_normal((8, 6, 8, 4)).astype(np.float32),
    )
    return (state,)


def main(state):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    attn = MultiHeadDotProductAttention()
    cache_spec = logical_to_mesh_axes(attn.cache_axes)
    state_specs = DecodingState(P(), cache_spec, cache_spec)
    state = DecodingState(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(state, state_specs)))
    fn = jax.shard_map(attn.inspect_cache, mesh=mesh, in_specs=(state_specs,),
                       out_specs=P(reduced={"data", "model"}))
    return jax.jit(fn)(state)


if __name__ == "__main__":
    main(*inputs())
