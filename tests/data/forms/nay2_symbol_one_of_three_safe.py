import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))


def mix(x, axis: str = "c"):
    def body(block):
        y = jax.lax.psum(block, ("a", "b"))
        return jax.lax.all_gather(y, axis, to="reduced")  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P(("a", "b"), "c"), out_specs=P(None, None, reduced={"c"}))(
        jax.device_put(x, NamedSharding(mesh, P(("a", "b"), "c"))))
