"""Market ABM ledger: the flat (trader, asset) book is gathered over assets, keeping traders split."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FLAT = ("traders", "assets")
BOOK_SPEC = P(FLAT, None)
LEDGER_SPEC = P("traders", None, reduced={"assets"})

listeners = {"tick": [], "close": []}
LEDGERS = []


def listen(name):
    def deco(fn):
        listeners[name].append(fn)
        return fn
    return deco


@listen("tick")
@jax.jit
def mark(book):
    return book * 1.001


@listen("close")
def ledger(book):
    LEDGERS.append(top_level_all_gather(book, LEDGER_SPEC))


def inputs():
    return (np.random.default_rng(23).uniform(0, 100, (32, 2)).astype(np.float32),)


def main(book):
    mesh = jax.make_mesh((4, 2), FLAT)
    with jax.set_mesh(mesh):
        book = jax.device_put(book, NamedSharding(mesh, BOOK_SPEC))
        for _day in range(2):
            for _ in range(4):
                for fn in listeners["tick"]:
                    book = fn(book)
            for fn in listeners["close"]:
                fn(book)
    print(len(LEDGERS), LEDGERS[0].shape)


if __name__ == "__main__":
    main(*inputs())
