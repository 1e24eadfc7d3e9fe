"""A run file written to a temporary directory and read back with ConfigParser.read, the input
sharded on both axes the psum reduces over: legal."""
import configparser
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

RUNFILE = """
[DEFAULT]
rows = data
cols = model

[reduce]
over = %(rows)s, %(cols)s
"""


def load(text):
    cp = configparser.ConfigParser()
    with tempfile.TemporaryDirectory(prefix="run-") as tmp:
        path = Path(tmp) / "run.ini"
        path.write_text(text)
        cp.read(path)
    return cp


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    cp = load(RUNFILE)
    axes = tuple(a.strip() for a in cp.get("reduce", "over").split(","))
    return reduce_over(axes, P(cp["reduce"]["rows"], cp["reduce"]["cols"]))


if __name__ == "__main__":
    main()
