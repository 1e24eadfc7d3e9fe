"""A builder changes its own copy, then writes the copy back into the module config."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

CONF = {"sync": ("i", "j"), "scale": 2.0}


def narrowed(conf):
    conf = dict(conf)
    conf.pop("sync")
    conf["sync"] = ("i",)
    return conf


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    CONF.update(narrowed(CONF))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
