"""Intersection FSM: on the SYNC state every controller publishes its phase table network-wide."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Phase(str, enum.Enum):
    RUN = "run"
    SYNC = "sync"
    PUBLISH = "publish"


TRANSITIONS = {
    (Phase.RUN, "tick"): Phase.RUN,
    (Phase.RUN, "sync"): Phase.SYNC,
    (Phase.SYNC, "tick"): Phase.PUBLISH,
    (Phase.PUBLISH, "tick"): Phase.RUN,
}

# which mesh axes each state's collectives span
STATE_AXES = {
    Phase.SYNC: ("junctions",),
    Phase.PUBLISH: ("approaches", "junctions"),
}


def on_sync(table):
    return jax.lax.all_gather(table, STATE_AXES[Phase.SYNC], axis=0, tiled=True, to="reduced")


def on_publish(table):
    return jax.lax.all_gather(table, STATE_AXES[Phase.PUBLISH], axis=1, tiled=True, to="reduced")


def on_run(table):
    return jnp.roll(table, 1, axis=1)


def step(mesh, state, table):
    if state is Phase.RUN:
        spec = P("junctions", "approaches")
        return jax.shard_map(on_run, mesh=mesh, in_specs=spec, out_specs=spec)(table)

    def fused(t):
        return on_publish(on_sync(t))
    return jax.shard_map(fused, mesh=mesh, in_specs=P("junctions", "approaches"),
                         out_specs=P(None, None, reduced={"junctions", "approaches"}))(table)


def inputs():
    return (np.tile(np.arange(8, dtype=np.float32), (8, 1)),)


def main(table):
    mesh = jax.make_mesh((4, 2), ("junctions", "approaches"))
    table = jax.device_put(table, NamedSharding(mesh, P("junctions", "approaches")))
    state = Phase.RUN
    published = None
    for ev in ["tick", "sync", "tick", "tick"]:
        state = TRANSITIONS[(state, ev)]
        if state is Phase.PUBLISH:
            published = step(mesh, state, table)
        elif state is Phase.RUN:
            table = step(mesh, state, table)
    print(state, None if published is None else np.asarray(published).shape)


if __name__ == "__main__":
    main(*inputs())
