import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("i", "j")


def crop_loss(scores, codes, proto_axis):
    z = jax.lax.psum(jnp.sum(jnp.exp(scores), axis=-1, keepdims=True), proto_axis)
    logp = scores - jnp.log(z)
    return jax.lax.psum(-jnp.sum(codes * logp), proto_axis)


def multicrop_losses(scores, codes):
    per_crop = jnp.stack([crop_loss(scores[i], codes[i], AXES[1]) for i in range(scores.shape[0])])
    return jax.lax.psum_scatter(per_crop, AXES, scatter_dimension=0, tiled=True)  # SF105


def main(mesh, x):
    spec = P(None, *AXES)
    scores = jax.device_put(jnp.zeros((8, 4, 8)), NamedSharding(mesh, spec))
    codes = jax.device_put(jnp.ones((8, 4, 8)), NamedSharding(mesh, spec))
    return jax.shard_map(multicrop_losses, mesh=mesh, in_specs=(spec, spec), out_specs=P(AXES))(scores, codes)
