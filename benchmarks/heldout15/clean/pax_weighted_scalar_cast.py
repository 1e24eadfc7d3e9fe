"""Praxis-like WeightedScalar summary: the weight cast to varying before the mesh-wide psum."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class WeightedScalar(NamedTuple):
    value: jax.Array
    weight: jax.Array


AXES = ("replica", "mdl")


def summarise(logits, paddings):
    weight = jax.lax.psum(jnp.sum(1.0 - paddings), AXES[0])
    ws = WeightedScalar(jnp.sum(jax.nn.log_softmax(logits)) / weight, weight)
    total = jax.lax.psum(ws.value * ws.weight, AXES)
    count = jax.lax.psum(jax.lax.pcast(ws.weight, AXES[0], to="varying"), AXES)
    return total / count


def inputs():
    return np.linspace(-2, 2, 64, dtype=np.float32).reshape(8, 8), np.zeros((8, 8), np.float32)


def main(logits, pad):
    mesh = jax.make_mesh((4, 2), AXES)
    spec = P(*AXES)
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    pad = jax.device_put(pad, NamedSharding(mesh, spec))
    return jax.shard_map(summarise, mesh=mesh, in_specs=(spec, spec), out_specs=P())(logits, pad)


if __name__ == "__main__":
    print(main(*inputs()))
