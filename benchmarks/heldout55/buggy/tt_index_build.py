"""Build the ANN index from the item tower: embeddings computed sharded, then gathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class IndexBuilder:
    def __init__(self, mesh, item_axis="batch"):
        self.mesh = mesh
        self.item_axis = item_axis
        self.placed = NamedSharding(mesh, P(item_axis, None))
        self.encode = jax.jit(self._item_tower, out_shardings=self.placed)

    @staticmethod
    def _item_tower(features, w):
        emb = jnp.tanh(features @ w)
        return emb / jnp.linalg.norm(emb, axis=-1, keepdims=True)

    def build(self, features, w):
        emb = self.encode(features, w)
        return top_level_all_gather(emb, P(None, None))


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(features, w):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    with jax.set_mesh(mesh):
        builder = IndexBuilder(mesh)
        features = jax.device_put(features, builder.placed)
        index = builder.build(features, w)
    return index


if __name__ == "__main__":
    main(*inputs())
