"""A checkpoint writer gathers each tensor once; later calls reuse the gathered copy."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

_GATHERED = {}


def host_copy(name, w):
    if name not in _GATHERED:
        _GATHERED[name] = top_level_all_gather(w, P("rows", reduced={"cols"}))
    return _GATHERED[name]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    _GATHERED.clear()
    mesh = jax.make_mesh((4, 2), ("rows", "cols"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("rows", "cols")))
        _GATHERED.clear()
    return np.asarray(host_copy("w", w)).sum()


if __name__ == "__main__":
    print(main(*inputs()))
