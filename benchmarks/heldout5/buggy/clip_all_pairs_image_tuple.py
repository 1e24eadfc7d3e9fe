"""CLIP loss over a 2-D mesh: images sharded over (data, model) rows for the similarity matrix."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def clip_similarity(img, txt, data_axis="data", model_axis="model"):
    # txt: [b/data, d] -> all text embeddings of the global batch
    all_txt = jax.lax.all_gather(txt, data_axis, tiled=True, to="reduced")
    # img rows sharded over both axes; the logits need every image too
    all_img = jax.lax.all_gather(img, data_axis, tiled=True, to="reduced")
    all_img = jax.lax.all_gather(all_img, (data_axis, model_axis), tiled=True, to="reduced")
    return all_img @ all_txt.T


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.key(9))
    img = jax.random.normal(k1, (16, 8))
    txt = jax.random.normal(k2, (16, 8))
    img = jax.device_put(img, NamedSharding(mesh, P(("data", "model"))))
    txt = jax.device_put(txt, NamedSharding(mesh, P("data")))
    return mesh, img, txt


def main(mesh, img, txt):
    return jax.shard_map(clip_similarity, mesh=mesh,
                         in_specs=(P(("data", "model")), P("data")), out_specs=P())(img, txt)
