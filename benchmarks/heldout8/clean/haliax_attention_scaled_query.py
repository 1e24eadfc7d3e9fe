"""Named-axis attention: the query is scaled by 1/sqrt(d) before the reduced gather of scores."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(NamedTuple):
    name: str
    size: int


class Attention:
    def __init__(self, head_dim, kv_axis):
        self.head_dim = head_dim
        self.kv_axis = kv_axis

    @property
    def scale(self):
        return 1.0 / np.sqrt(self.head_dim.size)

    def scores(self, q, k):
        local = (q * self.scale) @ k.T
        return jax.lax.all_gather(local, self.kv_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(56)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(q, k):
    attn = Attention(Axis("head_dim", 8), "kv")
    mesh = jax.make_mesh((2, 4), ("q", "kv"))
    q = jax.device_put(q, NamedSharding(mesh, P("q", None)))
    k = jax.device_put(k, NamedSharding(mesh, P("kv", None)))
    f = jax.jit(jax.shard_map(attn.scores, mesh=mesh, in_specs=(P("q", None), P("kv", None)),
                              out_specs=P("q", None, reduced={"kv"})))
    return f(q, k)
