"""Adafactor with ZeRO-sharded factored second moments: row statistics live on every shard."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AdafactorConfig:
    decay: float = 0.8
    eps: float = 1e-30
    shard_axis: str = "shard"
    replica_axis: str = "replica"


class FactoredMoments:
    def __init__(self, cfg):
        self.cfg = cfg

    def row_stats(self, g):
        sq = g * g + self.cfg.eps
        rows = jax.lax.psum(sq.sum(axis=1, keepdims=True), self.cfg.shard_axis)
        return jax.lax.all_gather(rows, self.cfg.shard_axis, axis=1, tiled=True, to="reduced")

    def col_stats(self, g):
        sq = g * g + self.cfg.eps
        return jax.lax.psum(sq.sum(axis=0, keepdims=True), self.cfg.replica_axis)

    def update(self, g):
        return self.row_stats(g), self.col_stats(g)


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    g = np.random.default_rng(30).normal(size=(16, 32)).astype(np.float32)
    return mesh, jax.device_put(g, NamedSharding(mesh, P("replica", "shard")))


def main(mesh, grads):
    moments = FactoredMoments(AdafactorConfig())
    f = jax.shard_map(moments.update, mesh=mesh, in_specs=P("replica", "shard"),
                      out_specs=(P("replica", None, reduced={"shard"}), P(None, "shard")))
    return f(grads)


if __name__ == "__main__":
    main(*inputs())
