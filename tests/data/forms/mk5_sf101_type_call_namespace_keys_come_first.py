"""`vars(C)` of a class `type(name, (), ns)` made: type.__new__ copies ns first and adds
`__module__`, `__dict__`, `__weakref__` and `__doc__` after it, so the first public name is the
first key of ns."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Axes = type("Axes", (), {"reduce": "j", "gather": "i"})


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    first = list(vars(Axes))[0]
    axis = getattr(Axes, first)

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
