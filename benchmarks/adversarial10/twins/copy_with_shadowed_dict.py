"""`dict` is rebound in the module to a function that returns its argument: no copy is made."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

CONF = {"sync": ("i", "j"), "rows": ("i",)}


def _dict(d):
    return d


def narrow(conf):
    conf = dict(conf)
    conf["sync"] = conf.pop("rows")


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    narrow(CONF)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
