"""A trainer keeps an ExitStack made in `__init__`; its `__enter__` enters `jax.set_mesh(...)` on
the stack and its `__exit__` closes it, so `export`, called after the `with` block, runs without
a context mesh."""
import contextlib

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self._stack = contextlib.ExitStack()

    def __enter__(self):
        self._stack.enter_context(jax.set_mesh(self.mesh))
        return self

    def __exit__(self, *exc):
        self._stack.close()
        return False

    def export(self, w):
        return top_level_all_gather(w, P(None, "j", reduced={"i"}))  # SF104


def main(mesh, x):
    trainer = Trainer(mesh)
    w = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    with trainer:
        w = w * 0.5
    return trainer.export(w)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
