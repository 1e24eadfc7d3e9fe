"""Running-statistics tracker whose per-axis gathers are partialmethods of one generic method."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class StatsGatherer:
    def _gather(self, x, axes, axis):
        return jax.lax.all_gather(x, axes, axis=axis, tiled=True, to="reduced")

    gather_model = functools.partialmethod(_gather, axes="model", axis=1)
    gather_everywhere = functools.partialmethod(_gather, axes=("data", "model"), axis=0)

    def __call__(self, acts):
        per_feature = self.gather_model(acts.mean(axis=0, keepdims=True))
        return self.gather_everywhere(per_feature)


def inputs():
    return (np.random.default_rng(1).normal(size=(16, 8)).astype(np.float32),)


def main(acts):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    acts = jax.device_put(acts, NamedSharding(mesh, P("data", "model")))
    fn = jax.shard_map(StatsGatherer(), mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(acts)


if __name__ == "__main__":
    main(*inputs())
