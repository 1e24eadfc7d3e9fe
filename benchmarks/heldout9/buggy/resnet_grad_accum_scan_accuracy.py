"""Evaluation of a ResNet head with micro-batches accumulated by lax.scan: the head is
column-sharded over 'model' (logits summed over it), the counts are reduced over the mesh axes
a dataclass config lists."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    data_axis: str = "data"
    model_axis: str = "model"
    micro_batches: int = 2

    @property
    def all_axes(self):
        return (self.data_axis, self.model_axis)


CFG = EvalConfig()


def evaluate(feats, w, labels):
    feats = feats.reshape(CFG.micro_batches, -1, feats.shape[-1])
    labels = labels.reshape(CFG.micro_batches, -1)

    def micro(carry, batch):
        x, y = batch
        logits = jax.lax.psum(x[:, : w.shape[0]] @ w, CFG.model_axis)
        correct = jnp.sum(jnp.argmax(logits, axis=-1) == y)
        return carry + correct, None

    correct, _ = jax.lax.scan(micro, jnp.zeros_like(labels[0, 0]), (feats, labels))
    metrics = {"correct": jax.lax.psum(correct, CFG.all_axes)}
    return metrics


def main(feats, w, labels):
    mesh = jax.make_mesh((4, 2), CFG.all_axes)
    f = jax.shard_map(evaluate, mesh=mesh,
                      in_specs=(P("data", None), P("model", None), P("data")),
                      out_specs={"correct": P()})
    return f(jax.device_put(feats, NamedSharding(mesh, P("data", None))),
             jax.device_put(w, NamedSharding(mesh, P("model", None))),
             jax.device_put(labels, NamedSharding(mesh, P("data"))))


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(34), 3)
    return (jax.random.normal(k1, (16, 8)), jax.random.normal(k2, (8, 10)),
            jax.random.randint(k3, (16,), 0, 10))
