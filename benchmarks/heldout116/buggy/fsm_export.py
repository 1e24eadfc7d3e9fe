"""Toll-gate FSM over a road network; the ARCHIVE state writes the per-road counters out."""
import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Gate(enum.Enum):
    OPEN = "open"
    CLOSED = "closed"
    ARCHIVE = "archive"


TRANSITIONS = {
    (Gate.OPEN, "rush"): Gate.CLOSED,
    (Gate.CLOSED, "clear"): Gate.OPEN,
    (Gate.OPEN, "midnight"): Gate.ARCHIVE,
    (Gate.ARCHIVE, "clear"): Gate.OPEN,
}


@dataclass(frozen=True)
class NetworkLayout:
    road_axis: str = "roads"
    booth_axis: str = "booths"

    @property
    def counters(self):
        return P(self.road_axis, None)

    @property
    def archive(self):
        return P(None, None, reduced={self.booth_axis})


LAYOUT = NetworkLayout()


@jax.jit
def count(counters, arrivals):
    return counters + arrivals


def archive(counters):
    return np.asarray(top_level_all_gather(counters, LAYOUT.archive))


def inputs():
    rng = np.random.default_rng(12)
    return np.zeros((8, 6), np.float32), rng.poisson(3.0, (8, 6)).astype(np.float32)


def main(counters, arrivals):
    mesh = jax.make_mesh((4, 2), (LAYOUT.road_axis, LAYOUT.booth_axis))
    sh = NamedSharding(mesh, LAYOUT.counters)
    counters, arrivals = jax.device_put(counters, sh), jax.device_put(arrivals, sh)
    gate, archived = Gate.OPEN, []
    with jax.set_mesh(mesh):
        for ev in ["rush", "clear", "midnight", "clear"]:
            gate = TRANSITIONS[(gate, ev)]
            if gate is Gate.OPEN:
                counters = count(counters, arrivals)
            elif gate is Gate.ARCHIVE:
                archived.append(archive(counters))
    print(gate, [a.sum() for a in archived])


if __name__ == "__main__":
    main(*inputs())
