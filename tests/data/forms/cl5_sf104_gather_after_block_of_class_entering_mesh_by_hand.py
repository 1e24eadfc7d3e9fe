"""A checkpointer owns the mesh context: its `__enter__` keeps `jax.set_mesh(...)` in a field and
enters it by hand, its `__exit__` leaves it; `save` is called after the `with` block, where no
context mesh is set any more."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Checkpointer:
    def __init__(self, mesh, spec):
        self.mesh = mesh
        self.spec = spec
        self._ctx = None

    def __enter__(self):
        self._ctx = jax.set_mesh(self.mesh)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)

    def save(self, x):
        return top_level_all_gather(x, self.spec)  # SF104


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    ckpt = Checkpointer(mesh, P("i", None, reduced={"j"}))
    with ckpt:
        doubled = placed * 2
    return ckpt.save(doubled)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
