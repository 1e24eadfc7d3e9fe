"""A NamedTuple run config: `_replace` narrows the metric axes before the step is built."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RunConfig(NamedTuple):
    metric_axes: tuple = ("replica", "core")
    lr: float = 1e-3


def make_step(cfg):
    def step(b):
        return jax.lax.psum(jnp.sum(b > 0.5), cfg.metric_axes)
    return step


def inputs():
    return (np.linspace(0, 1, 64, dtype=np.float32).reshape(16, 4),)


def main(x):
    cfg = RunConfig()._replace(metric_axes=("replica",))
    mesh = jax.make_mesh((4, 2), ("replica", "core"))
    x = jax.device_put(x, NamedSharding(mesh, P("replica")))
    return jax.shard_map(make_step(cfg), mesh=mesh, in_specs=P("replica"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
