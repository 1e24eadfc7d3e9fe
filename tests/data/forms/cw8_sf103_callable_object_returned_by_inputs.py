"""An object whose `__call__` does the body's work is built by `inputs()` and returned in a tuple
that `main(*inputs(...))` unpacks: main only reads its field and calls it in the body, so every
call of `__call__` is analysed. The psum_scatter meets the value the gather made reduced."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Share:
    axis: str = "j"

    def __call__(self, block):
        full = jax.lax.all_gather(block, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum_scatter(full * full, self.axis, scatter_dimension=1, tiled=True)  # SF103


def inputs(mesh, x):
    return Share(), mesh, x


def main(share, mesh, x):
    fn = jax.shard_map(lambda b: share(b), mesh=mesh, in_specs=P(None, share.axis), out_specs=P(None, share.axis))
    return fn(x)


def run(mesh, x):
    return main(*inputs(mesh, x))
