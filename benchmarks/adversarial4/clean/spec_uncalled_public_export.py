"""A library module: export_layer is public API (used by other modules); main only trains."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export_layer(x, mesh, keep_axis, gather_axes):
    """Gather `x` (stored on all mesh axes) to a layout that keeps only `keep_axis`."""
    w = jax.device_put(x, NamedSharding(mesh, P(*mesh.axis_names)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(keep_axis, reduced=set(gather_axes)))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    w = jax.device_put(x, NamedSharding(mesh, P("a", "b")))
    return jax.jit(lambda v: jnp.tanh(v) * 2.0)(w)


if __name__ == "__main__":
    out = main(*inputs())
    print(export_layer(np.asarray(out), jax.make_mesh((2, 4), ("a", "b")), "a", ("b",)))
