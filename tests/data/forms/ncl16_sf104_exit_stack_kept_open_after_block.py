"""Near miss of cl12: `__exit__` only marks the trainer finished and leaves the stack open, so
the mesh stays set and `export` after the `with` block runs under it."""
import contextlib

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.finished = False
        self._stack = contextlib.ExitStack()

    def __enter__(self):
        self._stack.enter_context(jax.set_mesh(self.mesh))
        return self

    def __exit__(self, *exc):
        self.finished = True
        return False

    def export(self, w):
        return top_level_all_gather(w, P(None, "j", reduced={"i"}))

    def close(self):
        self._stack.close()


def main(mesh, x):
    trainer = Trainer(mesh)
    w = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    with trainer:
        w = w * 0.5
    out = trainer.export(w)
    trainer.close()
    return out


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
