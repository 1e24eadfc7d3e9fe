"""Sequence packing collator: packed rows are placed batch x seq, then handed to the model host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_INPUT_SPEC = P("batch", None)


class PackedCollator:
    def __init__(self, mesh, max_len=32, sep_id=2):
        self.sharding = NamedSharding(mesh, P("batch", "seq"))
        self.max_len = max_len
        self.sep_id = sep_id

    def pack(self, documents):
        rows, row = [], []
        for doc in documents:
            if len(row) + len(doc) + 1 > self.max_len:
                rows.append(row + [0] * (self.max_len - len(row)))
                row = []
            row = row + list(doc) + [self.sep_id]
        rows.append(row + [0] * (self.max_len - len(row)))
        while len(rows) % 8:
            rows.append([0] * self.max_len)
        return np.asarray(rows, np.int32)

    def __call__(self, documents):
        packed = self.pack(documents)
        return jax.make_array_from_process_local_data(self.sharding, packed)


def to_model(batch):
    return jax.reshard(batch, MODEL_INPUT_SPEC)


def inputs():
    rng = np.random.default_rng(53)
    docs = [list(rng.integers(3, 1000, size=int(n))) for n in rng.integers(3, 14, size=20)]
    return (docs,)


def main(documents):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    collator = PackedCollator(mesh)
    with jax.set_mesh(mesh):
        batch = collator(documents)
        model_batch = to_model(batch)
    return model_batch


if __name__ == "__main__":
    main(*inputs())
