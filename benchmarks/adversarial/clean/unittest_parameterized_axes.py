"""A unittest suite whose helper takes the axes as a parameter; each test passes a valid layout."""
import unittest

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "model")


class AllReduceTest(unittest.TestCase):
    def setUp(self):
        self.mesh = jax.make_mesh((2, 4), MESH_AXES)
        self.x = np.arange(64, dtype=np.float32).reshape(8, 8)

    def _check(self, spec, axes=("data", "model")):
        x = jax.device_put(self.x, NamedSharding(self.mesh, spec))
        out = jax.shard_map(lambda b: jax.lax.psum(jnp.sum(b), axes), mesh=self.mesh,
                            in_specs=spec, out_specs=P())(x)
        self.assertAlmostEqual(float(out), float(self.x.sum()))

    def test_both_axes(self):
        self._check(P("data", "model"))

    def test_data_only(self):
        self._check(P("data"), axes=("data",))

    def test_model_only(self):
        self._check(P(None, "model"), "model")

    def test_layouts(self):
        for spec, axes in [(P("data"), "data"), (P(("data", "model")), ("data", "model"))]:
            with self.subTest(spec=spec):
                self._check(spec, axes)


def inputs():
    return ("test_both_axes", "test_data_only", "test_model_only", "test_layouts")


def main(*names):
    suite = unittest.TestSuite(AllReduceTest(n) for n in names)
    result = unittest.TestResult()
    suite.run(result)
    if result.errors or result.failures:
        raise RuntimeError((result.errors + result.failures)[0][1])
    return jnp.asarray(result.testsRun)


if __name__ == "__main__":
    print(main(*inputs()))
