"""A YAML-like config string is parsed, then a command-line style override replaces a key."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

TEXT = """
count_axis: j
sync_axes: i,j
"""
OVERRIDES = ["sync_axes=i"]


def parse(text):
    conf = {}
    for line in text.strip().splitlines():
        key, value = line.split(":", 1)
        conf[key.strip()] = value.strip()
    return conf


CONF = parse(TEXT)
for item in OVERRIDES:
    k, v = item.split("=", 1)
    CONF[k] = v


def body(block):
    counts = jax.lax.psum(block, CONF["count_axis"])
    return jax.lax.psum(counts, tuple(CONF["sync_axes"].split(",")))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
