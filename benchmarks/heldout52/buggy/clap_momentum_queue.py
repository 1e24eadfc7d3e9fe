"""CLAP with a momentum queue of text embeddings rotated between data shards every step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = "data"
EMBED_AXIS = "embed"


class TextQueue:
    def __init__(self, size, axis=DATA_AXIS):
        self.size = size
        self.axis = axis

    @property
    def perm(self):
        return [(i, (i + 1) % self.size) for i in range(self.size)]

    def enqueue(self, text_emb):
        return jax.lax.all_gather(text_emb, self.axis, tiled=True, to="reduced")

    def rotate(self, bank):
        return jax.lax.ppermute(bank, self.axis, perm=self.perm)

    def update(self, text_emb):
        bank = self.enqueue(text_emb)
        return self.rotate(bank)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 100.0,)


def main(text_emb):
    mesh = jax.make_mesh((2, 4), (DATA_AXIS, EMBED_AXIS))
    queue = TextQueue(mesh.shape[DATA_AXIS])
    text_emb = jax.device_put(text_emb, NamedSharding(mesh, P(DATA_AXIS, EMBED_AXIS)))
    update = jax.shard_map(queue.update, mesh=mesh, in_specs=P(DATA_AXIS, EMBED_AXIS),
                           out_specs=P(DATA_AXIS, EMBED_AXIS))
    return update(text_emb)


if __name__ == "__main__":
    main(*inputs())
