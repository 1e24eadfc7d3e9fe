"""A spec built from logical rules (`None if not axes else axes[0]`): `not` of an empty tuple of
axes is true, so 'length' leaves its dimension unsharded and the block is invariant on 'j', which
the gather to 'reduced' over 'j' needs varying."""
import jax
from jax.sharding import PartitionSpec as P

RULES = (("batch", ("i",)), ("length", ()), ("vocab", ("j",)))


def spec_for(*names):
    table = dict(RULES)
    dims = []
    for name in names:
        axes = table[name]
        dims.append(None if not axes else axes[0])
    return P(*dims)


def body(block):
    return jax.lax.all_gather(block, "j", tiled=True, axis=1, to="reduced")  # SF101


def main(mesh, x):
    spec = spec_for("batch", "length")
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P("i", None, reduced={"j"}))(x)
