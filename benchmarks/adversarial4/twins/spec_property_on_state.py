"""A layout object whose export spec depends on a flag __init__ turns off."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Layout:
    legacy = True

    def __init__(self, mesh):
        self.mesh = mesh
        self.legacy = True

    @property
    def stored(self):
        return P("fsdp", "tp")

    @property
    def exported(self):
        if self.legacy:
            return P("tp")
        return P(None, "tp", reduced={"fsdp"})


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    layout = Layout(jax.make_mesh((2, 4), ("fsdp", "tp")))
    w = jax.device_put(x, NamedSharding(layout.mesh, layout.stored))
    with jax.set_mesh(layout.mesh):
        return top_level_all_gather(w, layout.exported)


if __name__ == "__main__":
    print(main(*inputs()))
