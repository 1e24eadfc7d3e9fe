"""Router z-loss averaged over the whole batch, logits already summed over expert shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_zloss(batch_axes, expert_axis):
    def zloss(logits):
        lse = jax.lax.psum(jnp.exp(logits).sum(axis=-1), expert_axis)
        z = jnp.log(lse) ** 2
        return jax.lax.pmean(z.mean(), batch_axes)
    return zloss


def inputs():
    rng = np.random.default_rng(405)
    return (rng.standard_normal((32, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("batch", "expert"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "expert")))
    fn = jax.shard_map(make_zloss(mesh.axis_names, "expert"), mesh=mesh,
                       in_specs=P("batch", "expert"), out_specs=P())
    return fn(logits)


if __name__ == "__main__":
    print(main(*inputs()))
