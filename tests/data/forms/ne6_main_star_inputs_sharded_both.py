import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MetricsConfig:
    batch_axis: str = "batch"
    model_axis: str = "model"


def accuracy(logits, cfg):
    return lax.pmean(jnp.mean(logits), (cfg.batch_axis, cfg.model_axis))


def inputs():
    cfg = MetricsConfig()
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    return cfg, mesh, jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("batch", "model")))


def main(cfg, mesh, logits):
    f = jax.shard_map(functools.partial(accuracy, cfg=cfg), mesh=mesh,
                      in_specs=P("batch", "model"), out_specs=P())
    return f(logits)


if __name__ == "__main__":
    print(main(*inputs()))
