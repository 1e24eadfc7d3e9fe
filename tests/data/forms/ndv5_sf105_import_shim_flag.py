"""The shim's flag is False on jax 0.10.2: the branch for older JAX never runs."""
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
        if HAS_PVARY:
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
