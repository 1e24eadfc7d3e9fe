"""`vars(C)` of a class `type(name, (), ns)` made, then given a name by assignment: the new name
comes after the ones type.__new__ added, so the first public name is still ns's ("gather", on
"i", the axis the block still varies on): it runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Axes = type("Axes", (), {"gather": "i"})
Axes.reduce = "j"


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    public = [name for name in vars(Axes) if not name.startswith("_")]
    axis = getattr(Axes, public[0])
    doc_at = list(vars(Axes)).index("__doc__")
    assert list(vars(Axes))[doc_at + 1] == "reduce"

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
