"""A unittest suite run by a runner that counts failures (`except AssertionError`): the test
first checks its reducer table (an assertion on values known before anything runs, which
passes), then reduces over both axes a value already invariant on one."""
import unittest

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


class ReduceTest(unittest.TestCase):
    AXES = ("i", "j")
    REDUCERS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}

    @classmethod
    def setUpClass(cls):
        cls.mesh = jax.make_mesh((2, 4), ("i", "j"))
        cls.x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(cls.mesh, P("i", "j")))

    def test_reducers(self):
        self.assertEqual(sorted(self.REDUCERS), ["mean", "sum"])
        for label, reducer in sorted(self.REDUCERS.items()):
            def body(block):
                part = jax.lax.psum(block, "j")
                return reducer(part, self.AXES)  # SF105

            jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(self.x)


def main():
    failures = 0
    for cls in (ReduceTest,):
        cls.setUpClass()
        for name in unittest.TestLoader().getTestCaseNames(cls):
            try:
                cls(name).debug()
            except AssertionError:
                failures += 1
        cls.tearDownClass()
    return failures


if __name__ == "__main__":
    main()
