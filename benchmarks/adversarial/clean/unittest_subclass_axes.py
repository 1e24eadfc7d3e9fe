"""A test base class parameterised by class attributes; the concrete subclass narrows the axes."""
import unittest

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class _ReduceTestBase(unittest.TestCase):
    SPEC = P("x", "y")
    AXES = ("x", "y")

    def test_total(self):
        mesh = jax.make_mesh((2, 4), ("x", "y"))
        data = np.arange(64, dtype=np.float32).reshape(8, 8)
        arr = jax.device_put(data, NamedSharding(mesh, self.SPEC))
        out = jax.shard_map(lambda b: jax.lax.psum(jnp.sum(b), self.AXES), mesh=mesh,
                            in_specs=self.SPEC, out_specs=P())(arr)
        self.assertEqual(float(out), float(data.sum()))


class RowShardedTest(_ReduceTestBase):
    SPEC = P("x")
    AXES = ("x",)


def inputs():
    return (RowShardedTest,)


def main(cls):
    result = unittest.TestResult()
    unittest.TestSuite([cls("test_total")]).run(result)
    if result.errors or result.failures:
        raise RuntimeError((result.errors + result.failures)[0][1])
    return jnp.asarray(result.testsRun)


if __name__ == "__main__":
    print(main(*inputs()))
