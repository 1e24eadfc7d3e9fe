import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- sharding.py -------------------------------------------------------------
PATHS = "paths"
DIMS = "dims"


def device_mesh():
    return jax.make_mesh((2, 4), (PATHS, DIMS))


# ---- _step_size_controller/log.py --------------------------------------------
class StepLog:
    spec = P(PATHS, DIMS)

    def __init__(self, mesh):
        self.mesh = mesh
        self.entries = []

    def record(self, dts):
        self.entries.append(jax.device_put(dts, NamedSharding(self.mesh, self.spec)))

    def flush(self):
        return [top_level_all_gather(e, P(PATHS, None, reduced={DIMS})) for e in self.entries]


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args(argv)


def inputs():
    return (np.full((8, 8), 0.1, np.float32), parse_args([]))


def main(dt0, args):
    mesh = device_mesh()
    log = StepLog(mesh)
    dts = jnp.asarray(dt0)
    for _ in range(args.steps):
        dts = dts * 0.9
        log.record(dts)
    print([e.shape for e in log.flush()])


if __name__ == "__main__":
    main(*inputs())
