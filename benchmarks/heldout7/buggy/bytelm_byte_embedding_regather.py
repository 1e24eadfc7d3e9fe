"""Tokenizer-free byte language model: the 256-row byte embedding sharded over (data, model)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB = 256
AXES = {"batch": "data", "embed": "model"}


def encode(text):
    b = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    return np.resize(b, 16).reshape(2, 8).astype(np.int32)


def embed_lookup(table, ids, axes):
    cols = jax.lax.all_gather(table, axes["embed"], axis=1, tiled=True, to="reduced")
    full = jax.lax.all_gather(cols, (axes["batch"], axes["embed"]), axis=0, tiled=True, to="reduced")
    return jnp.take(full, ids, axis=0)


def inputs():
    rng = np.random.default_rng(9)
    return encode("byte models read raw utf-8."), rng.normal(size=(VOCAB, 8)).astype(np.float32)


def main(ids, table):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    tspec = P(AXES["batch"], AXES["embed"])
    table = jax.device_put(table, NamedSharding(mesh, tspec))
    ids = jax.device_put(ids, NamedSharding(mesh, P()))

    def forward(table, ids):
        h = embed_lookup(table, ids, AXES)
        return jnp.cumsum(h, axis=1)

    return jax.shard_map(forward, mesh=mesh, in_specs=(tspec, P()), out_specs=P())(table, ids)


if __name__ == "__main__":
    print(main(*inputs()))
