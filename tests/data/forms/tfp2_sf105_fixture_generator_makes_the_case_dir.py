"""A pytest-style fixture generator makes the case's directory under a fresh temporary root and
removes the root after the case; the case saves a table and picks its axes by whether NumPy's
file (".npy" added to the name) is there."""
import shutil
import tempfile
from pathlib import Path

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def workdir(name):
    root = Path(tempfile.mkdtemp(prefix="pytest-"))
    path = root / name
    path.mkdir(exist_ok=True)
    yield path
    shutil.rmtree(root, ignore_errors=True)


def case(d):
    np.save(d / "table", np.ones((4,), np.float32))
    sync = ("i", "j") if (d / "table.npy").exists() else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    gen = workdir(case.__name__)
    try:
        return case(next(gen))
    finally:
        next(gen, None)


if __name__ == "__main__":
    main()
