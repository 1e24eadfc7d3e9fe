"""Hierarchical all_to_all for expert parallelism: a strategy chosen from a dict by name."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class A2AStrategy:
    def __init__(self, axis):
        self.axis = axis

    def exchange(self, x):
        raise NotImplementedError


class FlatA2A(A2AStrategy):
    def exchange(self, x):
        return jax.lax.all_to_all(x, self.axis, 0, 0, tiled=True)


class StagedA2A(A2AStrategy):
    """Gather the outer group's buckets first, then exchange within the node."""

    def __init__(self, axis, outer):
        super().__init__(axis)
        self.outer = outer

    def exchange(self, x):
        staged = jax.lax.all_gather(x, self.outer, axis=1, tiled=True)
        return jax.lax.all_to_all(staged, self.outer, 0, 0, tiled=True)


STRATEGIES = {
    "flat": functools.partial(FlatA2A, "ep"),
    "staged": functools.partial(StagedA2A, "ep", outer="fsdp"),
}


def dispatch(tokens, strategy):
    buckets = tokens.reshape(-1, tokens.shape[-1])
    return strategy.exchange(buckets)


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "ep"))
    x = np.random.default_rng(11).normal(size=(64, 8)).astype(np.float32)
    return mesh, jax.device_put(x, NamedSharding(mesh, P(("fsdp", "ep"), None)))


def main(mesh, tokens, kind="staged"):
    strategy = STRATEGIES[kind]()
    f = jax.shard_map(functools.partial(dispatch, strategy=strategy), mesh=mesh,
                      in_specs=P(("fsdp", "ep"), None), out_specs=P(("fsdp", "ep"), None))
    return f(tokens)


if __name__ == "__main__":
    main(*inputs())
