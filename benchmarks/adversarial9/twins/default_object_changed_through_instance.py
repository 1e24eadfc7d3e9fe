"""The policy default is one object shared by every Norm: a probe instance changes its axis
field at import, so every later Norm sums over "j"."""
import dataclasses

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Policy:
    sum_axis: str = "i"


class Norm:
    def __init__(self, policy=Policy()):
        self.policy = policy

    def __call__(self, x):
        total = jax.lax.psum(x, self.policy.sum_axis)
        return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")


Norm().policy.sum_axis = "i"


def main(mesh, x):
    return jax.shard_map(Norm(), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
