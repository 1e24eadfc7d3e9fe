"""The same dataclass under a base with __match_args__, built with another kind: its own positional field `kind` fails the pattern, and the fallback keeps one axis (the base's `axes` would have matched)."""
from dataclasses import dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


class Plan:
    __match_args__ = ("axes",)


@dataclass
class Strategy(Plan):
    kind: str
    axes: str = "tp"


def axes_of(strategy):
    match strategy:
        case Strategy("tp"):
            return ("i", "j")
        case _:
            return ("i",)


def main():
    return run(axes_of(Strategy("dp", axes="tp")))


if __name__ == "__main__":
    main()
