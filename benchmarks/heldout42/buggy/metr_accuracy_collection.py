"""clu-like metrics: an Accuracy metric merged across replicas and published per shard."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


@dataclass
class Metric:
    total: jnp.ndarray
    count: jnp.ndarray

    @classmethod
    def from_model_output(cls, **kwargs):
        raise NotImplementedError

    def reduce(self, axis_name):
        return type(self)(jax.lax.psum(self.total, axis_name), jax.lax.psum(self.count, axis_name))


class Accuracy(Metric):
    @classmethod
    def from_model_output(cls, *, logits, labels):
        correct = (jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32)
        return cls(correct.sum(axis=0, keepdims=True), jnp.ones_like(correct).sum(axis=0, keepdims=True))


class Collection:
    def __init__(self, metrics, axis_name="replica"):
        self.metrics = metrics
        self.axis_name = axis_name

    def gather_from_model_output(self, **outputs):
        merged = {k: m.from_model_output(**outputs).reduce(self.axis_name) for k, m in self.metrics.items()}
        return {k: jax.lax.all_gather(m.total, self.axis_name, axis=0, tiled=True, to="reduced")
                for k, m in merged.items()}


def inputs():
    logits = jnp.sin(jnp.arange(16 * 4 * 3, dtype=jnp.float32)).reshape(16, 4, 3)
    labels = jnp.arange(16 * 4).reshape(16, 4) % 3
    s = NamedSharding(MESH, P("replica", "shard"))
    return (jax.device_put(logits, NamedSharding(MESH, P("replica", "shard", None))),
            jax.device_put(labels, s))


def main(logits, labels):
    coll = Collection({"accuracy": Accuracy})
    fn = jax.shard_map(lambda lg, lb: coll.gather_from_model_output(logits=lg, labels=lb),
                       mesh=MESH, in_specs=(P("replica", "shard", None), P("replica", "shard")),
                       out_specs={"accuracy": P(None, "shard", reduced={"replica"})})
    return fn(logits, labels)


if __name__ == "__main__":
    main(*inputs())
