"""Equinox-like modules whose layouts are static fields: the encoder's output layout and the
store's layout ride in the aux data of a module the unflatten rebuilt (`jax.tree.map` over the
module), and the store gathers with its own layout, which is not a prefix of the input's."""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        fields = dataclasses.fields(cls)
        static = tuple(f.name for f in fields if f.metadata.get("static"))
        dynamic = tuple(f.name for f in fields if f.name not in static)

        def flatten(m):
            return tuple(getattr(m, n) for n in dynamic), tuple(getattr(m, n) for n in static)

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(dynamic + static, tuple(children) + tuple(aux)):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


class Encoder(Module):
    w: jax.Array
    train_layout: P = dataclasses.field(metadata={"static": True})
    store_layout: P = dataclasses.field(metadata={"static": True})


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    rows, cols = mesh.axis_names
    enc = jax.tree.map(np.asarray, Encoder(np.ones((8, 8), np.float32), P(rows, cols), P(None, cols)))
    with jax.set_mesh(mesh):
        emb = jax.device_put(enc.w, NamedSharding(mesh, enc.train_layout))
        return top_level_all_gather(emb, enc.store_layout)  # SF104


if __name__ == "__main__":
    main()
