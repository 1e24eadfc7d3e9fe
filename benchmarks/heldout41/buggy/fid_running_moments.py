"""FID metric state: running sums of Inception features accumulated over evaluation batches."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.tree_util.register_dataclass, data_fields=["total", "count"], meta_fields=[])
@dataclasses.dataclass
class FIDState:
    total: jax.Array
    count: jax.Array


class FrechetInceptionDistance:
    data_axis = "data"

    @classmethod
    def empty(cls, dim):
        return FIDState(jnp.zeros((dim,)), jnp.zeros(()))

    @classmethod
    def update(cls, state, feats):
        total = jax.lax.psum(feats.sum(axis=0), cls.data_axis)
        count = jax.lax.psum(jnp.float32(feats.shape[0]), cls.data_axis)
        return FIDState(state.total + total, state.count + count)

    @classmethod
    def mean(cls, state):
        mu = state.total / jnp.maximum(state.count, 1.0)
        return jax.lax.all_gather(mu, cls.data_axis, axis=0, tiled=True, to="reduced")


def evaluate(feats):
    state = FrechetInceptionDistance.empty(feats.shape[1])
    state = FrechetInceptionDistance.update(state, feats)
    return FrechetInceptionDistance.mean(state)


def inputs():
    rng = np.random.default_rng(28)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("data", "feat")))
    return jax.shard_map(evaluate, mesh=mesh, in_specs=P("data", "feat"),
                         out_specs=P("feat", reduced={"data"}))(feats)


if __name__ == "__main__":
    main(*inputs())
