"""Near miss of cl9: the flag is a parameter of the helper (`use_mesh=False` by default), and the
one caller passes True, so the export runs under the mesh; a module name of the same spelling
is False."""
import contextlib

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

use_mesh = False


def export(mesh, x, use_mesh=False):
    with (jax.set_mesh(mesh) if use_mesh else contextlib.nullcontext()):
        return top_level_all_gather(x, P("i", None, reduced={"j"}))


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return export(mesh, placed, use_mesh=True)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
