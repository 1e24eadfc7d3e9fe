"""getTestCaseNames sorts by name: test_a runs before test_b, whatever the def order."""
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
    def test_b_widen(self):
        STATE["axes"] = ("i", "j")

    def test_c_record(self):
        STATE["seen"] = STATE["axes"]


def main(mesh, x):
    for name in unittest.TestLoader().getTestCaseNames(LayoutTest):
        LayoutTest(name).debug()
    axes = STATE["seen"]
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
