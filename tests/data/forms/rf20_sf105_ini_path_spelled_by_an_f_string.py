"""Paths below a temporary directory spelled as text: `f"{tmp}/{name}.ini"` and `tmp + "/site.ini"`
name files in it as `os.path.join` does; the run file written there is read back."""
import configparser
import tempfile

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    with tempfile.TemporaryDirectory() as tmp:
        name = "run"
        path = f"{tmp}/{name}.ini"
        with open(path, "w") as fh:
            fh.write("[reduce]\nover = data, model\n")
        cp = configparser.ConfigParser()
        found = cp.read([tmp + "/site.ini", path])
        assert len(found) == 1
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
