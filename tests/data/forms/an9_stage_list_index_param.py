import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

STAGES = [
    lambda h: h,
    lambda h: jax.nn.relu(h),  # SF106
]


def run(mesh, x, stage=1):
    def body(x):
        g = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return STAGES[stage](g)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
