"""Write the velocity field of a flow state to a VTK-like writer that wants whole rows."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.tree_util.register_dataclass, data_fields=["u", "v", "p"], meta_fields=[])
@dataclasses.dataclass
class FlowState:
    u: jax.Array
    v: jax.Array
    p: jax.Array


class VTKWriter:
    row_layout = P("y", None)

    def __init__(self, mesh):
        self.mesh = mesh

    def write(self, field):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(field, self.row_layout)


def inputs():
    rng = np.random.default_rng(2654)
    return tuple(rng.standard_normal((16, 32)).astype(np.float32) for _ in range(3))


def main(u, v, p):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    state = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P("y", "x"))), FlowState(u, v, p))
    speed = jnp.sqrt(state.u ** 2 + state.v ** 2)
    return VTKWriter(mesh).write(speed)


if __name__ == "__main__":
    print(main(*inputs()))
