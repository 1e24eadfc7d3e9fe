"""np_save is handed the script's own module (__main__) as its file and calls the module's `write` (count, after mkdtemp): axes is ('i',)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import tempfile
import __main__


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


CALLS = []


def write(data):
    CALLS.append(len(data))


def main(mesh, x):
    d = tempfile.mkdtemp()
    np.save(__main__, np.zeros(2))
    axes = ("i", "j") if CALLS else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
