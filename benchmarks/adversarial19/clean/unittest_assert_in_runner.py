"""A failed assertGreaterEqual on the count is recorded by the runner; STATE stays empty."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import io
import unittest


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


STATE = {}


class WideTest(unittest.TestCase):
    def test_wide(self):
        self.assertGreaterEqual(jax.device_count(), 16)
        STATE["axes"] = ("i", "j")


def main(mesh, x):
    suite = unittest.TestSuite([WideTest("test_wide")])
    unittest.TextTestRunner(stream=io.StringIO()).run(suite)
    axes = STATE.get("axes", ("i",))
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
