"""Feature detection on a slice of split typed keys: `keys[1:]` is a typed key array, whose
`.real` raises NotImplementedError (jax 0.10.2), so the handler's axes are the ones used."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    keys = jax.random.split(jax.random.key(0), 4)[1:]
    try:
        keys.real
        axes = ("i",)
    except NotImplementedError:
        axes = ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, jax.device_put(np.arange(64, dtype=np.float32).reshape(8, 8), NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
