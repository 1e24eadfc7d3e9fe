"""Exporting Adam moments from a sharded optimizer state for a single-host checkpoint."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ScaleByAdamState(NamedTuple):
    count: jax.Array
    mu: jax.Array
    nu: jax.Array


TRAIN_LAYOUT = ScaleByAdamState(count=P(), mu=P("data", "model"), nu=P("data", "model"))
EXPORT_LAYOUT = ScaleByAdamState(count=P(), mu=P("model", None, reduced={"data"}),
                                 nu=P("model", None, reduced={"data"}))


def adam_init(params):
    return ScaleByAdamState(count=jnp.zeros([], jnp.int32), mu=jnp.zeros_like(params),
                            nu=jnp.zeros_like(params))


def export_moments(state):
    out = {}
    for field in ("mu", "nu"):
        out[field] = top_level_all_gather(getattr(state, field), getattr(EXPORT_LAYOUT, field))
    return out


def inputs():
    return (np.linspace(-1.0, 1.0, 128, dtype=np.float32).reshape(8, 16),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        state = adam_init(params)
        state = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), state, TRAIN_LAYOUT)
        state = state._replace(mu=state.mu + 0.1, nu=state.nu + 0.01)
        return export_moments(state)


if __name__ == "__main__":
    main(*inputs())
