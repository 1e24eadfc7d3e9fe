"""Praxis-like metrics: WeightedScalar (value, weight) pairs summarised over the mesh."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class WeightedScalar(NamedTuple):
    value: jax.Array
    weight: jax.Array


class MeshAxes(NamedTuple):
    data: str = "replica"
    model: str = "mdl"


AXES = MeshAxes()


def compute_loss(logits, labels, paddings):
    xent = -jnp.sum(jax.nn.log_softmax(logits) * labels, axis=-1)
    weight = jax.lax.psum(jnp.sum(1.0 - paddings), AXES.data)
    return WeightedScalar(jnp.sum(xent) / weight, weight)


def aggregate(ws: WeightedScalar):
    total = jax.lax.psum(ws.value * ws.weight, tuple(AXES))
    count = jax.lax.psum(ws.weight, tuple(AXES))
    return total / count


def inputs():
    logits = np.linspace(-2, 2, 64, dtype=np.float32).reshape(8, 8)
    labels = np.eye(8, dtype=np.float32)
    pad = np.zeros((8, 8), np.float32)
    return logits, labels, pad


def main(logits, labels, pad):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    logits = jax.device_put(logits, NamedSharding(mesh, P(AXES.data, AXES.model)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(AXES.data, AXES.model)))
    pad = jax.device_put(pad, NamedSharding(mesh, P(AXES.data, AXES.model)))
    f = jax.shard_map(lambda a, b, c: aggregate(compute_loss(a, b, c)), mesh=mesh,
                      in_specs=(P(AXES.data, AXES.model), P(AXES.data, AXES.model), P(AXES.data, AXES.model)),
                      out_specs=P())
    return f(logits, labels, pad)


if __name__ == "__main__":
    print(main(*inputs()))
