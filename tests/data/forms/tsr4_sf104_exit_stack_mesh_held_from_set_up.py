"""A test's `setUp` enters the mesh on an ExitStack it closes in `tearDown` (no `with` around
it): the mesh is the context mesh for the test between them, where a top_level_all_gather asks
for a layout that is not a prefix of its input's."""
import contextlib

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ExportTest:
    def setUp(self):
        self.mesh = jax.make_mesh((2, 4), ("data", "model"))
        self.stack = contextlib.ExitStack()
        self.stack.enter_context(jax.set_mesh(self.mesh))

    def tearDown(self):
        self.stack.close()

    def test_export(self):
        table = np.arange(64.0, dtype=np.float32).reshape(8, 8)
        placed = jax.device_put(table, NamedSharding(self.mesh, P("data", "model")))
        return top_level_all_gather(placed, P("model", None, reduced={"data"}))  # SF104


def main():
    case = ExportTest()
    case.setUp()
    try:
        return case.test_export()
    finally:
        case.tearDown()


if __name__ == "__main__":
    main()
