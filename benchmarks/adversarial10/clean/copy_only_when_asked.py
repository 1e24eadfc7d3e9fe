"""The helper copies its config only when asked; main does not ask, so the pop changes CONF."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

CONF = {"sync": ("i", "j"), "rows": ("i",)}


def narrow(conf, copy=True):
    if copy:
        conf = dict(conf)
    conf["sync"] = conf.pop("rows")
    return conf


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, CONF["sync"])


def main(mesh, x):
    narrow(CONF, copy=False)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
