"""A jitted cleaner (`jnp.where(jnp.isnan(u), 0.0, u)`) keeps its input's layout on Explicit axes,
and a writer records each export's layout as text (`str(out.sharding.spec)`, one reduced axis:
its text is certain) before it exports the next pencil, whose gather moves an axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.jit
def cleaned(u):
    return jnp.where(jnp.isnan(u), 0.0, u)


def main():
    mesh = jax.make_mesh((2, 2, 2), ("x", "y", "z"))
    u = jax.device_put(np.ones((8, 8, 8), np.float32), NamedSharding(mesh, P("x", "y", "z")))
    with jax.set_mesh(mesh):
        w = cleaned(u)
        first = top_level_all_gather(w, P("x", "y", None, reduced={"z"}))
        written = {"z_pencil": str(first.sharding.spec)}
        if written["z_pencil"] == "P('x', 'y', None, reduced={'z'})":
            second = top_level_all_gather(w, P("x", "z", None, reduced={"y"}))  # SF104
            written["y_pencil"] = str(second.sharding.spec)
    return written


if __name__ == "__main__":
    main()
