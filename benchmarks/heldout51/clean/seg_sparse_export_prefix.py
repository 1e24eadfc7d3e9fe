"""Exporting a blocked sparse matrix through exporter partials whose layouts keep the leading axis."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORTERS = {
    "block_values": functools.partial(top_level_all_gather, out_sharding=P("nnz", None, reduced={"feat"})),
    "indices": functools.partial(top_level_all_gather, out_sharding=P(None, reduced={"nnz"})),
}


def export(arrays):
    return {name: EXPORTERS[name](arr) for name, arr in arrays.items()}


def inputs():
    rng = np.random.default_rng(116)
    return rng.normal(size=(16, 8)).astype(np.float32), np.arange(16, dtype=np.int32)


def main(values, indices):
    mesh = jax.make_mesh((4, 2), ("nnz", "feat"))
    with jax.set_mesh(mesh):
        arrays = {
            "indices": jax.device_put(indices, NamedSharding(mesh, P("nnz"))),
            "block_values": jax.device_put(values, NamedSharding(mesh, P("nnz", "feat"))),
        }
        return export(arrays)


if __name__ == "__main__":
    main(*inputs())
