"""Intersection FSM: SYNC gathers the junctions, PUBLISH gathers the approaches (the axis still split)."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Phase(enum.Enum):
    RUN = 1
    SYNC = 2
    PUBLISH = 3


TRANSITIONS = {(Phase.RUN, "tick"): Phase.RUN, (Phase.RUN, "sync"): Phase.SYNC,
               (Phase.SYNC, "tick"): Phase.PUBLISH, (Phase.PUBLISH, "tick"): Phase.RUN}
STATE_AXES = {Phase.SYNC: "junctions", Phase.PUBLISH: "approaches"}


def publish(table):
    t = jax.lax.all_gather(table, STATE_AXES[Phase.SYNC], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(t, STATE_AXES[Phase.PUBLISH], axis=1, tiled=True, to="reduced")


def inputs():
    return (np.tile(np.arange(8, dtype=np.float32), (8, 1)),)


def main(table):
    mesh = jax.make_mesh((4, 2), ("junctions", "approaches"))
    spec = P("junctions", "approaches")
    table = jax.device_put(table, NamedSharding(mesh, spec))
    state, published = Phase.RUN, None
    for ev in ["tick", "sync", "tick", "tick"]:
        state = TRANSITIONS[(state, ev)]
        if state is Phase.PUBLISH:
            published = jax.shard_map(publish, mesh=mesh, in_specs=spec,
                                      out_specs=P(None, None, reduced={"junctions", "approaches"}))(table)
        elif state is Phase.RUN:
            table = table * 0.5 + 1.0
    print(state, np.asarray(published).shape)


if __name__ == "__main__":
    main(*inputs())
