"""As tfp1, but the job removes one of the saved arrays before listing: only "i" is left, and the
second psum is over an axis the counts still vary on."""
import tempfile
from pathlib import Path

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    root = Path(tempfile.mkdtemp(prefix="job-"))
    d = root / "stats"
    d.mkdir()
    for axis in ("j", "i"):
        np.save(d / axis, np.zeros(4, np.float32))
    (d / "j.npy").unlink()
    sync = tuple(sorted(p.stem for p in d.iterdir()))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
