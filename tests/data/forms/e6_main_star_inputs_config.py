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

    @property
    def all_axes(self):
        return (self.batch_axis, self.model_axis)


def accuracy(logits, labels, cfg):
    correct = jnp.mean((jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32))
    return lax.pmean(correct, cfg.all_axes)  # SF105


def inputs():
    cfg = MetricsConfig()
    mesh = jax.make_mesh((2, 4), cfg.all_axes)
    logits = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("batch")))
    labels = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P("batch")))
    return cfg, mesh, logits, labels


def main(cfg, mesh, logits, labels):
    f = jax.shard_map(functools.partial(accuracy, cfg=cfg), mesh=mesh,
                      in_specs=(P(cfg.batch_axis), P(cfg.batch_axis)), out_specs=P())
    return f(logits, labels)


if __name__ == "__main__":
    print(main(*inputs()))
