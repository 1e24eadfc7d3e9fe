"""A checkpoint manager keeps each step in a folder of its own under a fresh temporary directory:
made with os.makedirs, written as `<step dir>.tmp` and renamed into place with os.replace. Its
steps are found by listing the folder, whatever order the file system gives the names in, and
sorting the numbers: three steps, so the sum runs over both axes."""
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def all_steps(root):
    steps = []
    for name in os.listdir(root):
        if name.startswith("step_") and not name.endswith(".tmp"):
            steps.append(int(name[len("step_"):]))
    return sorted(steps)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "ckpt")
        os.makedirs(root, exist_ok=True)
        for step in (4, 0, 2):
            final = os.path.join(root, f"step_{step:04d}")
            os.makedirs(final + ".tmp")
            os.replace(final + ".tmp", final)
        os.makedirs(root, exist_ok=True)
        steps = all_steps(root)
    sync = ("i", "j") if steps == [0, 2, 4] and steps[-1] == 4 else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
