"""A loader's testMethodPrefix picks other methods."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import unittest


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


STATE = {"axes": ("i",)}


class LayoutTest(unittest.TestCase):
    def test_widen(self):
        STATE["axes"] = ("i", "j")

    def check_rows(self):
        pass


def main(mesh, x):
    loader = unittest.TestLoader()
    loader.testMethodPrefix = "check"
    for name in loader.getTestCaseNames(LayoutTest):
        LayoutTest(name).debug()
    axes = STATE["axes"]
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
