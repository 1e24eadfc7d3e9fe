"""A subclass of the layout overrides the batch spec class attribute."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    BATCH = P("b")
    GATHERED = P("a", reduced={"b"})

    @classmethod
    def place(cls, mesh, x):
        return jax.device_put(x, NamedSharding(mesh, cls.BATCH))


class TwoLevelLayout(Layout):
    BATCH = P(("a", "b"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    x = Layout.place(mesh, x)
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, TwoLevelLayout.GATHERED)


if __name__ == "__main__":
    print(main(*inputs()))
