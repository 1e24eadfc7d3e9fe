"""The launcher line leaves `i j` unquoted: `shlex.split` makes two arguments, the sync axes are
("i",) alone, on which the summed value is in one state."""
import shlex

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAUNCH = 'train.py --sync i j --lr 0.1'


def main():
    argv = shlex.split(LAUNCH)
    axes = tuple(argv[argv.index("--sync") + 1].split())
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
