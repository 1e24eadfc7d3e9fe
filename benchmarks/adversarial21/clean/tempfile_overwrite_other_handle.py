"""A file rewritten by os.open/os.write after the model's write: json reads the new text."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import json
import os
import tempfile


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "a.json")
    with open(path, "w") as fh:
        json.dump({"wide": True}, fh)
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    os.write(fd, b"{\"wide\": false}")
    os.close(fd)
    with open(path) as fh:
        wide = json.load(fh)["wide"]
    axes = ("i", "j") if wide else ("i",)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
