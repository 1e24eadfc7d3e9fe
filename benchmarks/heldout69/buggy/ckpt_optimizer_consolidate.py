"""consolidate_state_dict of a ZeRO-like optimizer for a table-structure recognizer, ported to JAX."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "mp"))


@dataclass
class AdamState:
    exp_avg: jax.Array
    exp_avg_sq: jax.Array


class ZeroRedundancyOptimizer:
    partition_axis = "dp"
    model_axis = "mp"

    def __init__(self, state: AdamState):
        self.state = state

    def _gather_partition(self, t):
        return jax.lax.all_gather(t, self.partition_axis, tiled=True, to="reduced")

    def consolidate_state_dict(self, to_rank=0):
        moments = {"exp_avg": self._gather_partition(self.state.exp_avg),
                   "exp_avg_sq": self._gather_partition(self.state.exp_avg_sq)}
        axes = [self.model_axis, self.partition_axis]
        return {k: jax.lax.all_gather(v, tuple(axes), tiled=True, to="reduced")
                for k, v in moments.items()}


def consolidate(m, v):
    opt = ZeroRedundancyOptimizer(AdamState(m, v))
    sd = opt.consolidate_state_dict()
    return sd["exp_avg"], sd["exp_avg_sq"]


def inputs():
    rng = np.random.default_rng(41)
    s = NamedSharding(MESH, P(("dp", "mp"), None))
    m = rng.normal(size=(16, 4)).astype(np.float32)
    return jax.device_put(m, s), jax.device_put(m ** 2, s)


def main(m, v):
    spec = P(("dp", "mp"), None)
    out = P(None, None, reduced={"dp", "mp"})
    fn = jax.shard_map(consolidate, mesh=MESH, in_specs=(spec, spec), out_specs=(out, out))
    a, b = fn(m, v)
    print("consolidated:", a.shape, b.shape)


if __name__ == "__main__":
    main(*inputs())
