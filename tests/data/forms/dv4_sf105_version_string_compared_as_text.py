"""`jax.__version__ < "0.8"` compares strings: "0.10.2" < "0.8", so jax 0.10.2 takes this branch."""
import jax
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if jax.__version__ < "0.8":
            return jax.lax.psum(counts, ("i", "j"))  # SF105
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
