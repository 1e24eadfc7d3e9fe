import unittest

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def row_totals(x, reduce_axes):
    return lax.psum(x.sum(axis=1), reduce_axes)  # SF105


class RowTotalsTest(unittest.TestCase):
    PARAMS = [
        dict(testcase_name="rows_only", axes=("i",)),
        dict(testcase_name="both_axes", axes=("i", "j")),
    ]

    def test_totals(self, mesh=None, x=None):
        for params in self.PARAMS:
            with self.subTest(params["testcase_name"]):
                f = jax.shard_map(lambda v: row_totals(v, params["axes"]), mesh=mesh,
                                  in_specs=P("i"), out_specs=P())
                f(x)


def run(mesh, x):
    return RowTotalsTest("test_totals").test_totals(mesh, x)
