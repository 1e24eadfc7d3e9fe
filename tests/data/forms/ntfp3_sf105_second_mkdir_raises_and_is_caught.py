"""Making the directory again raises FileExistsError, which the job catches and takes one axis:
the run does not follow a raising mkdir, and the second psum is fine."""
import tempfile
from pathlib import Path

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    d = Path(tempfile.mkdtemp()) / "out"
    d.mkdir()
    try:
        d.mkdir()
        sync = ("i", "j")
    except FileExistsError:
        sync = ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
