"""mesh_scope() returns the set_mesh context; callers write `with mesh_scope():`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

_MESH = None


def get_mesh():
    global _MESH
    if _MESH is None:
        _MESH = jax.make_mesh((4, 2), ("x", "y"))
    return _MESH


def mesh_scope():
    return jax.set_mesh(get_mesh())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def export(w):
    return top_level_all_gather(w, P("x", reduced={"y"}))


def main(x):
    w = jax.device_put(x, NamedSharding(get_mesh(), P("x", "y")))
    with mesh_scope():
        w = w + 1.0
    with mesh_scope():
        return export(w)


if __name__ == "__main__":
    print(main(*inputs()))
