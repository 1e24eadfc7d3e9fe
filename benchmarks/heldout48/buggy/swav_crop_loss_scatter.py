"""SwAV multi-crop loss: one loss entry per crop, each normalised over the prototype shards; the
per-crop vector is reduce-scattered over the mesh for the crop-balanced logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("dp", "proto")


def crop_loss(scores, codes, proto_axis):
    z = jax.lax.psum(jnp.sum(jnp.exp(scores), axis=-1, keepdims=True), proto_axis)
    logp = scores - jnp.log(z)
    return jax.lax.psum(-jnp.sum(codes * logp), proto_axis)


def multicrop_losses(scores, codes):
    per_crop = jnp.stack([crop_loss(scores[i], codes[i], AXES[1]) for i in range(scores.shape[0])])
    return jax.lax.psum_scatter(per_crop, AXES, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(8, 16, 8)).astype(np.float32),
            rng.uniform(size=(8, 16, 8)).astype(np.float32))


def main(scores, codes):
    mesh = jax.make_mesh((4, 2), AXES)
    spec = P(None, *AXES)
    scores, codes = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (scores, codes))
    return jax.shard_map(multicrop_losses, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(AXES))(scores, codes)


if __name__ == "__main__":
    main(*inputs())
