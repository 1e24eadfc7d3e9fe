"""Near miss of cl5: `__exit__` leaves the mesh context only when asked to (`keep=False`); this
checkpointer keeps it entered, so `save` after the `with` block still runs under the mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Checkpointer:
    def __init__(self, mesh, spec, keep=True):
        self.mesh = mesh
        self.spec = spec
        self.keep = keep
        self._ctx = None

    def __enter__(self):
        self._ctx = jax.set_mesh(self.mesh)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc):
        if not self.keep:
            return self._ctx.__exit__(*exc)
        return False

    def save(self, x):
        return top_level_all_gather(x, self.spec)


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    ckpt = Checkpointer(mesh, P("i", None, reduced={"j"}))
    with ckpt:
        doubled = placed * 2
    out = ckpt.save(doubled)
    ckpt._ctx.__exit__(None, None, None)
    return out


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
