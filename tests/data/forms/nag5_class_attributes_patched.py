import unittest.mock

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Layout:
    AXES = ("i", "j")


class Metrics:
    axes = ("i", "j")


def body(v):
    return jax.lax.psum(jnp.sum(v), Layout.AXES)  # none: mock.patch.object replaces the class attribute


def run(mesh, x):
    metrics = Metrics()

    def body2(v):
        return jax.lax.pmean(jnp.mean(v), metrics.axes)  # none: patch.multiple sets it on the object

    with unittest.mock.patch.object(Layout, "AXES", ("i",)):
        first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    with unittest.mock.patch.multiple(metrics, axes=("i",)):
        second = jax.shard_map(body2, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    return first, second
