"""Henikoff position-based sequence weights for an MSA, column-sharded and row-sharded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MSA_MESH_AXES = {"rows": "seq", "columns": "col"}


def henikoff_terms(msa, n_states=21):
    oh = jax.nn.one_hot(msa, n_states)
    col_counts = oh.sum(axis=0, keepdims=True)
    distinct = (col_counts > 0).sum(axis=-1)
    return (oh / (col_counts * distinct[..., None] + 1e-6)).sum(axis=-1)


def sequence_weights(msa, axes=MSA_MESH_AXES):
    rows, columns = axes["rows"], axes["columns"]
    terms = henikoff_terms(msa)
    per_col = jax.lax.all_gather(terms, columns, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(per_col, (columns, rows), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    return (rng.integers(0, 21, size=(32, 16)).astype(np.int32),)


def main(msa, axes=MSA_MESH_AXES):
    mesh = jax.make_mesh((4, 2), (axes["rows"], axes["columns"]))
    spec = P(axes["rows"], axes["columns"])
    msa = jax.device_put(msa, NamedSharding(mesh, spec))
    f = jax.shard_map(sequence_weights, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, reduced={axes["rows"], axes["columns"]}))
    return f(msa)


if __name__ == "__main__":
    main(*inputs())
