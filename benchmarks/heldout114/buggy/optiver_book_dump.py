"""Optiver - dump the reconstructed order book (stock x seconds) for the nearest-neighbour
time_id features notebook.

Exported from `optiver-nn-timeid-features.ipynb`; the shard_map is applied as a decorator.
"""
import random
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    debug = False
    n_stocks = 8
    n_seconds = 16
    mesh_shape = (4, 2)
    axis_names = ("stock", "bucket")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)


def full_seconds(prices):
    # the whole 600s of a time_id next to each other (for the seconds_in_bucket features)
    return jax.lax.all_gather(prices, "bucket", axis=1, tiled=True, to="reduced")


@partial(jax.shard_map, mesh=mesh, in_specs=(P("stock", "bucket"), P("stock", "bucket")),
         out_specs=P(reduced=set(mesh.axis_names)))
def dump_book(bid, ask):
    bid_full, ask_full = full_seconds(bid), full_seconds(ask)
    book = jnp.stack([bid_full, ask_full, ask_full - bid_full], -1)
    return jax.lax.all_gather(book, mesh.axis_names, axis=0, tiled=True, to="reduced")


def inputs():
    bid = np.random.rand(CFG.n_stocks, CFG.n_seconds).astype(np.float32)
    ask = bid + 0.01
    return bid, ask


def main(bid, ask):
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, P("stock", "bucket"))
        book = dump_book(jax.device_put(bid, sh), jax.device_put(ask, sh))
    book = np.asarray(book)
    print(f"book {book.shape}")
    return book


if __name__ == "__main__":
    main(*inputs())
