"""The gather's target is a StrEnum member read from config: REDUCED, of a value invariant on j."""
import enum
import tomllib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GatherTo(enum.StrEnum):
    VARYING = "varying"
    REDUCED = "reduced"
    INVARYING = "invarying"


def run(to):
    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, "j", axis=1, tiled=True, to=to)  # SF101

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


CONFIG = tomllib.loads("""
[gather]
to = "reduced"
""")


def target(cfg):
    match cfg:
        case {"to": str(name)}:
            return GatherTo(name)
    return GatherTo.VARYING


def main():
    return run(target(CONFIG["gather"]))


if __name__ == "__main__":
    main()
