"""str.split gives a list, so the comparison with a tuple is False and the cast runs on the summed value."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

MODE = "i"


def body(block):
    if MODE.split(",") == ("i",):
        return jax.lax.pcast(block, "i", to="varying")
    total = jax.lax.psum(block, "i")
    return jax.lax.pcast(total, "i", to="varying")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
