"""The second placement stands in a `contextlib.suppress` block and raises before it binds (the
reshape does not fit): `w` keeps its first layout, which the gather keeps."""
import contextlib

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, P("j", None)))
    with contextlib.suppress(TypeError, ValueError):
        w = jax.device_put(x.reshape(3, 7), NamedSharding(mesh, P(("i", "j"), None)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("j", None))
