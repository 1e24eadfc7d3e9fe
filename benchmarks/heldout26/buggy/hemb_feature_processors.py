"""Per-feature processors applied to column-wise sharded hashed embeddings before the tower."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EMBED_DIM = 16


def gather_columns(emb, *, axis):
    return jax.lax.all_gather(emb, axis, axis=1, tiled=True, to="reduced")


def scale_by_dim(emb, *, dim):
    return emb * math.sqrt(dim)


PROCESSORS = {
    "gather": functools.partial(gather_columns, axis="table"),
    "scale": functools.partial(scale_by_dim, dim=EMBED_DIM),
}
PIPELINE = ("gather", "scale")


def process(emb):
    for name in PIPELINE:
        emb = PROCESSORS[name](emb)
    return emb


def inputs():
    rng = np.random.default_rng(2666)
    return (rng.standard_normal((16, EMBED_DIM)).astype(np.float32),)


def main(emb):
    mesh = jax.make_mesh((2, 4), ("data", "table"))
    emb = jax.device_put(emb, NamedSharding(mesh, P("data", "table")))
    fn = jax.shard_map(process, mesh=mesh, in_specs=P("data", "table"),
                       out_specs=P("data", None, reduced={"table"}))
    return fn(emb)


if __name__ == "__main__":
    print(main(*inputs()))
