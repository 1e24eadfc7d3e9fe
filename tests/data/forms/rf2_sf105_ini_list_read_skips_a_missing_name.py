"""ConfigParser.read of a list of str paths in a mkdtemp directory: the missing site file is passed
over (as CPython passes over a file it cannot open) and the one the program wrote is read."""
import configparser
import os
import tempfile

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def axes_from_runfile():
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "run.ini")
    with open(path, "w") as fh:
        fh.write("[reduce]\nover = data, model\n")
    cp = configparser.ConfigParser()
    found = cp.read([os.path.join(tmp, "site.ini"), path])
    if len(found) != 1:
        raise SystemExit("no run file")
    return tuple(a.strip() for a in cp.get("reduce", "over", fallback="data").split(","))


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(axes_from_runfile(), P("data"))


if __name__ == "__main__":
    main()
