"""A unittest suite: the subclass overrides the class constant naming the axes a reduction runs
over; setUp builds the mesh and the input, a subTest loop runs each reducer of a class table,
and a runner calls debug() on every test of each class in turn."""
import unittest

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


class ReduceTestBase(unittest.TestCase):
    AXES = ("i",)
    REDUCERS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}

    def setUp(self):
        super().setUp()
        self.mesh = jax.make_mesh((2, 4), ("i", "j"))
        self.x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(self.mesh, P("i", "j")))

    def reduce(self, reducer):
        def body(block):
            part = jax.lax.psum(block, "j")
            return reducer(part, self.AXES)  # SF105

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(self.x)

    def test_reducers(self):
        for label, reducer in sorted(self.REDUCERS.items()):
            with self.subTest(reducer=label):
                out = self.reduce(reducer)
                self.assertEqual(out.shape, (4, 8))
                self.assertTrue(np.all(np.asarray(out) > 0))


class WholeMeshTest(ReduceTestBase):
    AXES = ("i", "j")


def main():
    for cls in (ReduceTestBase, WholeMeshTest):
        cls.setUpClass()
        for name in unittest.TestLoader().getTestCaseNames(cls):
            cls(methodName=name).debug()
        cls.tearDownClass()


if __name__ == "__main__":
    main()
