"""The same rules, but the second dimension is 'vocab' (`not ("j",)` is false): the block varies
on 'j' and the gather to 'reduced' is fine."""
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
    return jax.lax.all_gather(block, "j", tiled=True, axis=1, to="reduced")


def main(mesh, x):
    spec = spec_for("batch", "vocab")
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P("i", None, reduced={"j"}))(x)
