import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Chain(list):
    def run(self, x):
        for i in range(len(self)):
            x = self[i](x)
        return x


def body(x):
    chain = Chain([lambda v: jax.lax.all_gather(v, "j", axis=1, tiled=True, to="reduced"),
                   lambda v: jnp.mean(v, axis=0, keepdims=True)])  # SF106
    return chain.run(x)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
