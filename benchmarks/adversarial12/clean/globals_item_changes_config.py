"""globals()["CONFIG"] is the module dict; a helper changes it through that name."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


CONFIG = {"sync": ("i", "j")}


def apply(name, key, value):
    globals()[name][key] = value


def main(mesh, x):
    apply("CONFIG", "sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
