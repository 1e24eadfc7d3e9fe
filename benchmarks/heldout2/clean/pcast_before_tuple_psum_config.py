import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Axes:
    data: str = "data"
    model: str = "model"


def loss(cfg, x):
    per_example = jnp.sum(x * x, axis=-1)
    local = jax.lax.pcast(per_example.sum(), cfg.model, to="varying")
    return jax.lax.psum(local, (cfg.data, cfg.model))


def inputs():
    return (np.ones((8, 4), np.float32),)


def main(x):
    cfg = Axes()
    mesh = jax.make_mesh((2, 4), (cfg.data, cfg.model))
    x = jax.device_put(x, NamedSharding(mesh, P(cfg.data, None)))
    return jax.shard_map(lambda x: loss(cfg, x), mesh=mesh, in_specs=P(cfg.data, None), out_specs=P())(x)
