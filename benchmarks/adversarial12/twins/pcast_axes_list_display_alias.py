"""pcast to varying over the axes a list display shares with CONFIG; a store through the list narrowed them to "j"."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


CONFIG = {"cast": ["i", "j"]}
TABLES = [list(CONFIG["cast"])]


def main(mesh, x):
    TABLES[0].remove("i")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.pcast(counts, tuple(CONFIG["cast"]), to="varying")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
