"""MegaByte: byte embeddings are concatenated into patch embeddings for the global model."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PatchEmbedder:
    def __init__(self, mesh, patch_size=4):
        self.batch_axis, self.seq_axis = mesh.axis_names
        self.patch_size = patch_size

    def concat_bytes(self, emb):
        return jax.lax.all_gather(emb, self.seq_axis, axis=1, tiled=True, to="reduced")

    def global_input(self, emb):
        patches = self.concat_bytes(emb)
        return jax.lax.all_gather(patches, axis_name=(self.batch_axis, self.seq_axis), axis=0,
                                  tiled=True, to="reduced")


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16) % 7,)


def main(emb):
    mesh = jax.make_mesh((2, 4), ("batch", "patch"))
    embedder = PatchEmbedder(mesh)
    emb = jax.device_put(emb, NamedSharding(mesh, P("batch", "patch")))
    fn = jax.shard_map(embedder.global_input, mesh=mesh, in_specs=P("batch", "patch"),
                       out_specs=P(None, None, reduced={"batch", "patch"}))
    return fn(emb)


if __name__ == "__main__":
    main(*inputs())
