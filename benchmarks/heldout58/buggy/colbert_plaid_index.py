"""PLAID index arrays moved from the indexing layout to the search layout."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class IndexLayout(NamedTuple):
    codes: P
    residuals: P
    doclens: P


INDEXING = IndexLayout(codes=P("batch", "token"), residuals=P("batch", "token", None), doclens=P("batch"))
SEARCH = IndexLayout(
    codes=P("batch", None, reduced={"token"}),
    residuals=P("batch", None, None),
    doclens=P(None, reduced={"batch"}),
)


def build_index(codes, residuals, doclens, mesh):
    arrays = IndexLayout(codes, residuals, doclens)
    return IndexLayout(*(jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(arrays, INDEXING)))


def load_for_search(index):
    codes = top_level_all_gather(index.codes, SEARCH.codes)
    residuals = top_level_all_gather(index.residuals, SEARCH.residuals)
    doclens = top_level_all_gather(index.doclens, SEARCH.doclens)
    return IndexLayout(codes, residuals, doclens)


def inputs():
    rng = np.random.default_rng(53)
    codes = rng.integers(0, 8, size=(8, 16)).astype(np.int32)
    residuals = rng.integers(0, 4, size=(8, 16, 2)).astype(np.uint8)
    doclens = rng.integers(4, 16, size=(8,)).astype(np.int32)
    return codes, residuals, doclens


def main(codes, residuals, doclens):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    with jax.set_mesh(mesh):
        index = build_index(codes, residuals, doclens, mesh)
        return load_for_search(index)


if __name__ == "__main__":
    main(*inputs())
