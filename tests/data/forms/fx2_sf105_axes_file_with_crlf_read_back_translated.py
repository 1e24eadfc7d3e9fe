"""A launcher written on Windows saves the reduction axes one per line with "\r\n" ends into a
fresh temporary directory; the job reads the file in text mode, whose universal newlines turn
each "\r\n" into "\n", so `split("\n")` gives the clean names 'i' and 'j' and the psum goes over
both mesh axes, where the row sums are invariant on 'j'."""
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def save_axes(directory, names):
    path = os.path.join(directory, "axes.txt")
    with open(path, "w") as fh:
        fh.write("\r\n".join(names))
    return path


def load_axes(path):
    with open(path) as fh:
        return tuple(fh.read().split("\n"))


def main():
    path = save_axes(tempfile.mkdtemp(prefix="job-"), ["i", "j"])
    axes = load_axes(path)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
