"""Nested param tree, nested spec trees; tree.map with is_leaf over the spec tree."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STORE = {"enc": {"kernel": P("dp", "mp"), "bias": P("mp")}, "dec": {"kernel": P("mp", "dp")}}
EXPORT = {"dec": {"kernel": P("mp", reduced={"dp"})},
          "enc": {"bias": P(None, reduced={"mp"}), "kernel": P("dp", reduced={"mp"})}}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8), np.arange(8, dtype=np.float32))


def main(k, b):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    params = {"enc": {"kernel": k, "bias": b}, "dec": {"kernel": k.T}}
    is_spec = lambda s: isinstance(s, P)
    placed = jax.tree.map(lambda s, a: jax.device_put(a, NamedSharding(mesh, s)), STORE, params, is_leaf=is_spec)
    with jax.set_mesh(mesh):
        return jax.tree.map(lambda s, a: top_level_all_gather(a, s), EXPORT, placed, is_leaf=is_spec)


if __name__ == "__main__":
    print(main(*inputs()))
