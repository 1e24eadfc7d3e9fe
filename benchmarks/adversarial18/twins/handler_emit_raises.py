"""A Handler subclass's emit is called by Handler.handle without a try: its exception reaches the log call."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import logging


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Strict(logging.Handler):
    def emit(self, record):
        raise ValueError(record.getMessage())


def main(mesh, x):
    log = logging.getLogger("job")
    log.addHandler(Strict())
    try:
        log.info("start")
        axes = ("i", "j")
    except ValueError:
        axes = ("i",)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
