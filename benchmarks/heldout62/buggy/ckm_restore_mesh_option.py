"""Restoring arrays to a target layout; the mesh context is entered only when an option says so."""
import contextlib
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class RestoreOptions:
    enter_mesh_context: bool = False
    strict: bool = True


@dataclasses.dataclass(frozen=True)
class ArrayRestoreArgs:
    sharding: P


class Restorer:
    def __init__(self, mesh, options=None):
        self.mesh = mesh
        self.options = options or RestoreOptions()

    def _context(self):
        return jax.set_mesh(self.mesh) if self.options.enter_mesh_context else contextlib.nullcontext()

    def restore(self, saved, restore_args):
        with self._context():
            return {k: top_level_all_gather(v, restore_args[k].sharding) for k, v in saved.items()}


def inputs():
    return {"embedding": np.arange(128, dtype=np.float32).reshape(16, 8)},


def main(saved):
    mesh = jax.make_mesh((2, 4), ("host", "device"))
    saved = {k: jax.device_put(v, NamedSharding(mesh, P("host", "device"))) for k, v in saved.items()}
    args = {"embedding": ArrayRestoreArgs(P("host", None, reduced={"device"}))}
    return Restorer(mesh).restore(saved, args)


if __name__ == "__main__":
    main(*inputs())
