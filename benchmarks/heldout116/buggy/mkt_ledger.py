"""Market ABM with an end-of-day ledger observer: the flat position book is gathered per asset."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes:
    TRADERS = "traders"
    ASSETS = "assets"
    FLAT = (TRADERS, ASSETS)


BOOK_SPEC = P(Axes.FLAT, None)            # rows: (trader, asset) pairs flattened
LEDGER_SPEC = P(Axes.ASSETS, None, reduced={Axes.TRADERS})


class Clock:
    def __init__(self, ticks_per_day):
        self.ticks_per_day = ticks_per_day
        self.listeners = {"tick": [], "close": []}

    def on(self, name):
        def deco(fn):
            self.listeners[name].append(fn)
            return fn
        return deco

    def run(self, days, state):
        for _ in range(days):
            for _ in range(self.ticks_per_day):
                for fn in self.listeners["tick"]:
                    state = fn(state)
            for fn in self.listeners["close"]:
                fn(state)
        return state


clock = Clock(ticks_per_day=4)
LEDGERS = []


@clock.on("tick")
@jax.jit
def mark_to_market(book):
    return book.at[:, 1].multiply(1.001)


@clock.on("close")
def write_ledger(book):
    LEDGERS.append(top_level_all_gather(book, LEDGER_SPEC))


def inputs():
    rng = np.random.default_rng(23)
    return (rng.uniform(0, 100, (32, 2)).astype(np.float32),)


def main(book):
    mesh = jax.make_mesh((4, 2), Axes.FLAT)
    with jax.set_mesh(mesh):
        book = jax.device_put(book, NamedSharding(mesh, BOOK_SPEC))
        clock.run(days=2, state=book)
    print(len(LEDGERS))


if __name__ == "__main__":
    main(*inputs())
