"""np_savetxt is handed the script's own module (sys.modules["__main__"]) as its file and calls the module's `write` (dict, after mkdtemp): axes is ('i',)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import tempfile
import sys


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


STATE = {"axes": ("i", "j")}


def write(data):
    STATE["axes"] = ("i", "j")


def main(mesh, x):
    d = tempfile.mkdtemp()
    np.savetxt(sys.modules["__main__"], np.zeros(2))
    axes = STATE["axes"]
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
