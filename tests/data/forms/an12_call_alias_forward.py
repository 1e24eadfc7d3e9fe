import jax
import jax.nn as F
from jax.sharding import PartitionSpec as P


class Block:
    def forward(self, x):
        h = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return F.silu(h)  # SF106

    __call__ = forward


def run(mesh, x):
    block = Block()
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
