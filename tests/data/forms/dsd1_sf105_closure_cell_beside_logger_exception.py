"""`log.exception(...)` of a logger, `self.log.exception(...)` and `future.exception()` hand out
no frame: only the sys module's `exception` reaches one, and here the sys module is only read for
its plain attributes (`sys.argv`, `sys.exit`), so the cell of `make_reducer` stays what the maker
put there."""
import concurrent.futures
import logging
import sys

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

log = logging.getLogger(__name__)


class Loader:
    def __init__(self):
        self.log = logging.getLogger("loader")

    def load(self, rows):
        try:
            return jnp.arange(rows * 8.0).reshape(rows, 8)
        except ValueError:
            self.log.exception("could not build %d rows", rows)
            raise


def make_reducer():
    state = {"axes": ("data", "model")}

    def reduce(block):
        return jax.lax.psum(block, state["axes"])  # SF105

    return reduce


def checked(rows):
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(int, rows)
        if future.exception() is not None:
            log.exception("bad row count")
        return future.result()


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(Loader().load(checked(8)), NamedSharding(mesh, P("data")))
    reduce = make_reducer()
    try:
        return jax.shard_map(reduce, mesh=mesh, in_specs=P("data"), out_specs=P())(x)
    finally:
        log.info("ran with %s", sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main() is None)
