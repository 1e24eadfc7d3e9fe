"""The ids are offset by the rank along "j": the rows taken vary on "j", and gathering them to
reduced over "j" succeeds."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(table, ids):
    rows = jnp.take(table, ids + jax.lax.axis_index("j"), axis=0)
    return jax.lax.all_gather(rows, "j", tiled=True, to="reduced")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    table = jax.device_put(np.ones((16, 4), np.float32), NamedSharding(mesh, P()))
    ids = jax.device_put(np.arange(8, dtype=np.int32), NamedSharding(mesh, P("i")))
    f = jax.shard_map(body, mesh=mesh, in_specs=(P(), P("i")), out_specs=P("i", None, reduced={"j"}))
    return f(table, ids)


if __name__ == "__main__":
    main()
