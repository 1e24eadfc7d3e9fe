"""Array layouts kept in a frozen, attribute-access config; specs built from its lists."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def freeze(tree):
    if isinstance(tree, dict):
        return types.MappingProxyType({k: freeze(v) for k, v in tree.items()})
    if isinstance(tree, list):
        return tuple(freeze(v) for v in tree)
    return tree


class FrozenConfig:
    def __init__(self, tree):
        object.__setattr__(self, "_tree", freeze(tree))

    def __getattr__(self, key):
        value = self._tree[key]
        return FrozenConfig(dict(value)) if isinstance(value, types.MappingProxyType) else value

    def __setattr__(self, key, value):
        raise AttributeError("config is frozen")


LAYOUTS = FrozenConfig({
    "embedding": {
        "train": {"dims": [["batch", "embed"], None], "reduced": []},
        "export": {"dims": [["embed"], None], "reduced": ["batch"]},
    },
})


def to_spec(layout):
    dims = [d if d is None or isinstance(d, str) or len(d) > 1 else d[0] for d in layout.dims]
    return P(*dims, reduced=set(layout.reduced))


def inputs():
    return np.arange(256, dtype=np.float32).reshape(32, 8),


def main(table):
    mesh = jax.make_mesh((4, 2), ("batch", "embed"))
    table = jax.device_put(table, NamedSharding(mesh, to_spec(LAYOUTS.embedding.train)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(table, to_spec(LAYOUTS.embedding.export))


if __name__ == "__main__":
    main(*inputs())
