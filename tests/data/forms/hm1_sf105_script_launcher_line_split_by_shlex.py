"""The sync axes come from a launcher line split by `shlex.split`: the quoted "i j" is one
argument, whose words name both mesh axes; the sum over them mixes states."""
import shlex

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAUNCH = 'train.py --sync "i j" --lr 0.1'


def main():
    argv = shlex.split(LAUNCH)
    axes = tuple(argv[argv.index("--sync") + 1].split())
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
