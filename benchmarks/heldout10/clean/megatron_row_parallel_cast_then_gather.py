"""Megatron-style RowParallelLinear whose reduced output is cast back to varying before the
sequence-parallel gather."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class RowParallelLinear:
    tp_axis: str = "tp"

    def __call__(self, h, w):
        y = jax.lax.psum(h @ w, self.tp_axis)
        y = jax.lax.pcast(y, self.tp_axis, to="varying")
        return jax.lax.all_gather(y, self.tp_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(101)
    return rng.normal(size=(8, 32)).astype(np.float32), (rng.normal(size=(32, 16)) * 0.1).astype(np.float32)


def main(h, w):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    h = jax.device_put(h, NamedSharding(mesh, P("dp", "tp")))
    w = jax.device_put(w, NamedSharding(mesh, P("tp", None)))
    fn = jax.shard_map(RowParallelLinear(), mesh=mesh, in_specs=(P("dp", "tp"), P("tp", None)),
                       out_specs=P("dp", None, reduced={"tp"}))
    return fn(h, w)
