"""Probabilistic ensemble dynamics (PETS-like): normalise residual targets by their batch scale."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EnsembleAxes(NamedTuple):
    member: str = "member"
    batch: str = "batch"


class ResidualNormaliser:
    def __init__(self, axes=EnsembleAxes()):
        self.axes = axes

    def batch_scale(self, residual):
        sq = jax.lax.psum(jnp.sum(residual * residual, axis=0, keepdims=True), self.axes.batch)
        return jax.lax.all_gather(sq, axis_name=self.axes.batch, axis=0, tiled=True, to="reduced")

    def __call__(self, next_state, pred_state):
        return self.batch_scale(next_state - pred_state)


def inputs():
    rng = np.random.default_rng(12)
    s1 = rng.normal(size=(64, 8)).astype(np.float32)
    return (s1, s1 + 0.1 * rng.normal(size=(64, 8)).astype(np.float32))


def main(next_state, pred_state):
    axes = EnsembleAxes()
    mesh = jax.make_mesh((2, 4), tuple(axes))
    spec = P(axes.batch, axes.member)
    next_state, pred_state = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (next_state, pred_state))
    norm = ResidualNormaliser(axes)
    return jax.shard_map(norm, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, axes.member, reduced={axes.batch}))(next_state, pred_state)


if __name__ == "__main__":
    main(*inputs())
