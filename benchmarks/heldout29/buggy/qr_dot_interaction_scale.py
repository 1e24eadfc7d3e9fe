"""DLRM dot interaction: pairwise feature dots scaled by 1/sqrt(d) after pooling embeddings."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def interact(emb, *, feature_axis="feature"):
    feats = jax.lax.all_gather(emb, feature_axis, axis=1, tiled=True, to="reduced")
    scaled = feats / jnp.sqrt(feats.shape[-1])
    dots = jnp.einsum("bfd,bgd->bfg", scaled, scaled)
    return jax.lax.pmean(dots, feature_axis)


def inputs():
    rng = np.random.default_rng(706)
    return (rng.standard_normal((16, 8, 4)).astype(np.float32),)


def main(emb):
    mesh = jax.make_mesh((2, 4), ("batch", "feature"))
    emb = jax.device_put(emb, NamedSharding(mesh, P("batch", "feature", None)))
    fn = jax.shard_map(interact, mesh=mesh, in_specs=P("batch", "feature", None), out_specs=P("batch", None, None))
    return fn(emb)


if __name__ == "__main__":
    print(main(*inputs()))
