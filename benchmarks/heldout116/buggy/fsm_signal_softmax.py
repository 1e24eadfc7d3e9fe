"""Adaptive signal FSM: in the PLAN state green time is split by a softmax over approach queues."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class S(enum.Enum):
    SENSE = enum.auto()
    PLAN = enum.auto()
    ACT = enum.auto()


TRANSITIONS = {(S.SENSE, "t"): S.PLAN, (S.PLAN, "t"): S.ACT, (S.ACT, "t"): S.SENSE}
CYCLE_S = 90.0
TEMPERATURE = 4.0


def sense(queues, arrivals):
    return queues + arrivals


def plan(queues, arrivals):
    # all approaches of the intersection are needed for the split
    q_all = jax.lax.all_gather(queues, "approaches", axis=1, tiled=True, to="reduced")
    share = jax.nn.softmax(q_all / TEMPERATURE, axis=1)
    return share * CYCLE_S


def act(queues, arrivals):
    return jnp.maximum(queues - 5.0, 0.0)


STATE_BODY = {S.SENSE: sense, S.PLAN: plan, S.ACT: act}
STATE_OUT = {
    S.SENSE: P("intersections", "approaches"),
    S.PLAN: P("intersections", None, reduced={"approaches"}),
    S.ACT: P("intersections", "approaches"),
}


def inputs():
    rng = np.random.default_rng(14)
    return rng.uniform(0, 20, (8, 4)).astype(np.float32), rng.uniform(0, 3, (8, 4)).astype(np.float32)


def main(queues, arrivals):
    mesh = jax.make_mesh((4, 2), ("intersections", "approaches"))
    spec = P("intersections", "approaches")
    queues = jax.device_put(queues, NamedSharding(mesh, spec))
    arrivals = jax.device_put(arrivals, NamedSharding(mesh, spec))
    state, greens = S.SENSE, []
    for _ in range(6):
        out = jax.shard_map(STATE_BODY[state], mesh=mesh, in_specs=(spec, spec),
                            out_specs=STATE_OUT[state])(queues, arrivals)
        if state is S.PLAN:
            greens.append(out)
        else:
            queues = out
        state = TRANSITIONS[(state, "t")]
    print(len(greens))


if __name__ == "__main__":
    main(*inputs())
