"""os.replace moves the second file over the first."""
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
    root = tempfile.mkdtemp()
    with open(os.path.join(root, "plan.json"), "w") as f:
        json.dump({"sync": ["i", "j"]}, f)
    with open(os.path.join(root, "new.json"), "w") as f:
        json.dump({"sync": ["i"]}, f)
    os.replace(os.path.join(root, "plan.json"), os.path.join(root, "new.json"))
    with open(os.path.join(root, "plan.json")) as f:
        return reduce_rows(mesh, x, tuple(json.load(f)["sync"]))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
