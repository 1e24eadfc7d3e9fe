"""Unit tests for a sharded reduction, parameterized over axis tuples (unittest.subTest)."""
import unittest

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def row_totals(x, reduce_axes):
    return jax.lax.psum(jnp.sum(x, axis=1), reduce_axes)


class RowTotalsTest(unittest.TestCase):
    PARAMS = [
        dict(testcase_name="data_only", in_spec=P("data", None), axes=("data",)),
        dict(testcase_name="both_axes", in_spec=P("data", None), axes=("data", "model")),
    ]

    def test_totals(self, mesh):
        x = jnp.ones((8, 8))
        outs = []
        for params in self.PARAMS:
            with self.subTest(params["testcase_name"]):
                xs = jax.device_put(x, NamedSharding(mesh, params["in_spec"]))
                f = jax.shard_map(lambda v: row_totals(v, params["axes"]), mesh=mesh,
                                  in_specs=params["in_spec"], out_specs=P())
                outs.append(f(xs))
        return outs


def inputs():
    return (jax.make_mesh((2, 4), ("data", "model")),)


def main(mesh):
    return RowTotalsTest("test_totals").test_totals(mesh)
