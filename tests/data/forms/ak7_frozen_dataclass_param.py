import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Axes:
    data: str = "i"
    model: str = "j"


def run(mesh, x, axes=Axes()):
    def body(v):
        r = jax.lax.all_gather(v, axes.data, tiled=True, to="reduced")
        return jax.lax.all_gather(r, (axes.data, axes.model), tiled=True, to="reduced")  # SF102

    return jax.shard_map(body, mesh=mesh, in_specs=P(axes.data, axes.model),
                         out_specs=P(None, None, reduced={axes.data, axes.model}))(x)
