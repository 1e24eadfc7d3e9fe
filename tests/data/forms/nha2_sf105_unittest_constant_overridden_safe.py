"""As ha2, but the base class names both axes and only its subclass, which overrides the
constant with the axis the partial sum still varies on, is run: the reduction is over one state."""
import unittest

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


class ReduceTestBase(unittest.TestCase):
    AXES = ("i", "j")
    REDUCERS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}

    def setUp(self):
        super().setUp()
        self.mesh = jax.make_mesh((2, 4), ("i", "j"))
        self.x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(self.mesh, P("i", "j")))

    def reduce(self, reducer):
        def body(block):
            part = jax.lax.psum(block, "j")
            return reducer(part, self.AXES)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(self.x)

    def test_reducers(self):
        for label, reducer in sorted(self.REDUCERS.items()):
            with self.subTest(reducer=label):
                out = self.reduce(reducer)
                self.assertEqual(out.shape, (4, 8))
                self.assertTrue(np.all(np.asarray(out) > 0))


class RowTest(ReduceTestBase):
    AXES = ("i",)


def main():
    for cls in (RowTest,):
        cls.setUpClass()
        for name in unittest.TestLoader().getTestCaseNames(cls):
            cls(methodName=name).debug()
        cls.tearDownClass()


if __name__ == "__main__":
    main()
