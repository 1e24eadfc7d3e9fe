"""Export image embeddings for the retrieval index, layouts from the YAML run config."""
import jax
import jax.numpy as jnp
import numpy as np
import yaml
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RUN_YAML = """
mesh:
  shape: [2, 4]
  axes: [data, model]
layouts:
  embeddings: [data, model]
  index: [null, model]
"""


def layout(cfg, name):
    return P(*cfg["layouts"][name])


def embed(images, proj):
    feats = images @ proj
    return feats / jnp.linalg.norm(feats, axis=-1, keepdims=True)


def export(cfg, mesh, images, proj):
    with jax.set_mesh(mesh):
        emb = jax.jit(embed, out_shardings=NamedSharding(mesh, layout(cfg, "embeddings")))(images, proj)
        index = top_level_all_gather(emb, layout(cfg, "index"))
    return index


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(16, 12)).astype(np.float32),
            rng.normal(size=(12, 8)).astype(np.float32))


def main(images, proj):
    cfg = yaml.safe_load(RUN_YAML)
    mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), tuple(cfg["mesh"]["axes"]))
    return export(cfg, mesh, images, proj)


if __name__ == "__main__":
    print(main(*inputs()).shape)
