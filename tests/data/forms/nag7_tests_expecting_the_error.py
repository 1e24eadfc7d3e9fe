import unittest

import jax
import jax.numpy as jnp
import pytest
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def mixed_sum(v):
    return jax.lax.psum(jnp.sum(v), AXES)  # none: every use is a test expecting JAX's error


def mixed_mean(v):
    return jax.lax.pmean(jnp.mean(v), AXES)  # none: the callable form of assertRaises


def gathered_twice(v):
    g = jax.lax.all_gather(v, "i", to="reduced", tiled=True)
    return jax.lax.psum(g, "i")  # none: pytest.raises expects it


def run(mesh, x):
    case = unittest.TestCase()
    with case.assertRaisesRegex(ValueError, "can only accept axis_name"):
        jax.shard_map(mixed_sum, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    case.assertRaises(ValueError, jax.shard_map(mixed_mean, mesh=mesh, in_specs=P("i"), out_specs=P()), x)
    with pytest.raises((TypeError, ValueError)):
        jax.shard_map(gathered_twice, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
    return True
