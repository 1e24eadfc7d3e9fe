"""A class pattern on a dataclass: its positional sub-pattern reads the one positional field (KW_ONLY fields are not in __match_args__)."""
from dataclasses import KW_ONLY, dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


@dataclass
class Strategy:
    kind: str
    _: KW_ONLY
    axes: tuple = ("i",)


def axes_of(strategy):
    match strategy:
        case Strategy("tp", axes=(_, _) as both):
            return both
        case Strategy():
            return ("i",)


def main():
    return run(axes_of(Strategy("tp", axes=("i", "j"))))


if __name__ == "__main__":
    main()
