"""The metric reducer is functools.partial(lax.pmean, axis_name=cfg.axis); the default is one axis."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MetricConfig:
    axis: object = "replica"


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    cfg = MetricConfig()
    reduce = functools.partial(jax.lax.pmean, axis_name=cfg.axis)
    mesh = jax.make_mesh((8, 1), ("replica", "core"))
    x = jax.device_put(x, NamedSharding(mesh, P("replica")))

    def body(b):
        return {"acc": reduce(jnp.mean(b > 10.0)), "loss": reduce(jnp.mean(b))}

    return jax.shard_map(body, mesh=mesh, in_specs=P("replica"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
