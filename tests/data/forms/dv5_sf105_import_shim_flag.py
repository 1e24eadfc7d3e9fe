"""A flag set by an import shim: `pvary` is gone from jax 0.10.2, so the flag is False there."""
import jax
from jax.sharding import PartitionSpec as P

try:
    from jax.lax import pvary  # noqa: F401
    HAS_PVARY = True
except ImportError:
    HAS_PVARY = False


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if not HAS_PVARY:
            return jax.lax.psum(counts, ("i", "j"))  # SF105
        return jax.lax.psum(jax.lax.pvary(counts, "j"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
