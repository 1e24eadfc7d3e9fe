"""A mutable dataclass whose mesh axes are a tuple field, read through properties; the script's
`main(*inputs())` leaves the config to its default instance."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ParallelConfig:
    axes: tuple = ("i", "j")
    sizes: tuple = (2, 4)

    @property
    def fsdp(self):
        return self.axes

    @property
    def tensor(self):
        return self.axes[1]


def gather_tensor(w, pc):
    return jax.lax.all_gather(w, pc.tensor, axis=1, tiled=True, to="reduced")


def gather_fsdp(w, pc):
    return jax.lax.all_gather(w, pc.fsdp, axis=0, tiled=True, to="reduced")  # SF102


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(w, pc=ParallelConfig()):
    mesh = jax.make_mesh(pc.sizes, pc.axes)
    w = jax.device_put(w, NamedSharding(mesh, P(*pc.axes)))

    def full_weight(w):
        return gather_fsdp(gather_tensor(w, pc), pc)

    return jax.shard_map(full_weight, mesh=mesh, in_specs=P(*pc.axes),
                         out_specs=P(None, None, reduced=set(pc.axes)))(w)


if __name__ == "__main__":
    print(main(*inputs()))
