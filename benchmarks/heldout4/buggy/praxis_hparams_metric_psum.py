"""A praxis-like metrics layer: hparams name the mesh axes, a WeightedScalar metric (a value
and its token weight) is summed over all of them."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MeshHParams:
    batch_axis: str = "replica"
    model_axis: str = "mdl"

    @property
    def metric_axes(self):
        return (self.batch_axis, self.model_axis)


@dataclasses.dataclass
class WeightedScalar:
    value: jax.Array
    weight: jax.Array


class MetricsLayer:
    hparams = MeshHParams()

    def aggregate(self, m: WeightedScalar):
        axes = self.hparams.metric_axes
        weight = jax.lax.psum(m.weight, axes)
        total = jax.lax.psum(m.value, axes)
        return total / weight

    def fprop(self, logits, mask):
        per_token = jnp.sum(logits ** 2, axis=-1)
        weight = jnp.sum(mask)
        value = jax.lax.psum(jnp.sum(per_token), self.hparams.model_axis)
        return self.aggregate(WeightedScalar(value=value, weight=weight))


def inputs():
    logits = np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 128.0
    mask = np.ones((8, 16), np.float32)
    return logits, mask


def main(logits, mask):
    hp = MeshHParams()
    mesh = jax.make_mesh((2, 4), hp.metric_axes)
    logits = jax.device_put(logits, NamedSharding(mesh, P(hp.batch_axis, hp.model_axis)))
    mask = jax.device_put(mask, NamedSharding(mesh, P(hp.batch_axis, hp.model_axis)))
    layer = MetricsLayer()
    f = jax.shard_map(layer.fprop, mesh=mesh,
                      in_specs=(P(hp.batch_axis, hp.model_axis), P(hp.batch_axis, hp.model_axis)), out_specs=P())
    return f(logits, mask)


if __name__ == "__main__":
    print(main(*inputs()))
