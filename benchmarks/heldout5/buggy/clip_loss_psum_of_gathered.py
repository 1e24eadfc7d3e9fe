"""CLIP loss: the image embeddings are gathered once and then summed for the batch centroid."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = "data"


def centroid_and_logits(img, txt):
    all_img = jax.lax.all_gather(img, DATA, tiled=True, to="reduced")
    logits = txt @ all_img.T
    centroid = jax.lax.psum(jnp.sum(all_img, axis=0), DATA)
    return logits, centroid


def inputs():
    mesh = jax.make_mesh((8,), (DATA,))
    k1, k2 = jax.random.split(jax.random.key(18))
    s = NamedSharding(mesh, P(DATA))
    return (mesh, jax.device_put(jax.random.normal(k1, (16, 4)), s),
            jax.device_put(jax.random.normal(k2, (16, 4)), s))


def main(mesh, img, txt):
    return jax.shard_map(centroid_and_logits, mesh=mesh, in_specs=(P(DATA), P(DATA)),
                         out_specs=(P(DATA), P()))(img, txt)
