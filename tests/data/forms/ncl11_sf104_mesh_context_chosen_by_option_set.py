"""Near miss of cl8: the restorer is built with `Options(enter_mesh=True)`, so the gather runs
under the mesh `_context` enters."""
import contextlib
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class Options:
    enter_mesh: bool = False


class Restorer:
    def __init__(self, mesh, options=None):
        self.mesh = mesh
        self.options = options or Options()

    def _context(self):
        return jax.set_mesh(self.mesh) if self.options.enter_mesh else contextlib.nullcontext()

    def restore(self, x, spec):
        with self._context():
            return top_level_all_gather(x, spec)


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return Restorer(mesh, Options(enter_mesh=True)).restore(placed, P("i", None, reduced={"j"}))


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
