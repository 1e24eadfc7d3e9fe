import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = tuple(os.environ.get("SF_NAU10_AXES", "i").split(","))


def describe():
    first, second = AXES  # only when describe() runs; the step below never needs it
    return f"{first} x {second}"


def loss_step(mesh, x):
    def body(b):
        per_row = jax.lax.psum(jnp.sum(b, axis=1), AXES[-1])
        return jax.lax.pmean(jnp.mean(per_row), AXES)  # one axis by default: legal

    spec = P(AXES[0])
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(jax.device_put(x, NamedSharding(mesh, spec)))
