import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PREFIX = "tensor"
TP = f"{PREFIX}_parallel"
DP = "data"


def logits_norm(x):
    mesh = jax.make_mesh((2, 4), (DP, "tensor_parallel"))

    def body(block):
        sq = jax.lax.psum(jnp.sum(block * block, axis=1), TP)
        return jax.lax.all_gather(sq, TP, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(DP, "tensor_parallel"),
                         out_specs=P(DP, reduced={"tensor_parallel"}))(x)
