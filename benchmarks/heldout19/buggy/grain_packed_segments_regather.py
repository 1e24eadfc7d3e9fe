"""Sequence packing: segment ids of a packed batch rebuilt for the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, SEQ = "data", "seq"


def pack(lengths, seq_len):
    rows = []
    for row in lengths:
        ids = np.concatenate([np.full(n, i + 1) for i, n in enumerate(row)])
        rows.append(np.pad(ids, (0, seq_len - len(ids))))
    return np.stack(rows).astype(np.int32)


def segment_body(segments):
    row = jax.lax.all_gather(segments, SEQ, axis=1, tiled=True, to="reduced")
    starts = jnp.concatenate([row[:, :1], row[:, 1:]], axis=1)
    return jax.lax.all_gather(starts, (DATA, SEQ), axis=0, tiled=True, to="reduced")


def main(lengths):
    mesh = jax.make_mesh((4, 2), (DATA, SEQ))
    segments = jax.device_put(pack(lengths, 16), NamedSharding(mesh, P(DATA, SEQ)))
    fn = jax.shard_map(segment_body, mesh=mesh, in_specs=P(DATA, SEQ),
                       out_specs=P(None, None, reduced={DATA, SEQ}))
    return fn(segments)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.integers(1, 5, (8, 3)),)
