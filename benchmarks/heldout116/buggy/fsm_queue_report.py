"""Traffic-signal controller as a finite-state machine; each state runs a kernel over the vehicles."""
from enum import Enum, auto

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Signal(Enum):
    GREEN = auto()
    AMBER = auto()
    RED = auto()
    REPORT = auto()


class Trigger(Enum):
    TIMER = auto()
    AUDIT = auto()


TRANSITIONS = {
    (Signal.GREEN, Trigger.TIMER): Signal.AMBER,
    (Signal.AMBER, Trigger.TIMER): Signal.RED,
    (Signal.RED, Trigger.TIMER): Signal.GREEN,
    (Signal.RED, Trigger.AUDIT): Signal.REPORT,
    (Signal.REPORT, Trigger.TIMER): Signal.GREEN,
}

ROAD, VEH = "roads", "vehicles"
SPEC = P(ROAD, VEH)


def advance(speed, gap, go):
    accel = jnp.where(go, 0.5, -1.0)
    return jnp.clip(speed + accel, 0.0, jnp.minimum(gap, 14.0))


def queue_report(speed):
    stopped = jnp.sum((speed < 0.5).astype(jnp.float32), axis=1, keepdims=True)
    per_road = jax.lax.psum(stopped, VEH)
    return jax.lax.all_gather(per_road, VEH, axis=1, tiled=True, to="reduced")


class Controller:
    def __init__(self, mesh):
        self.mesh = mesh
        self.state = Signal.GREEN
        self.reports = []

    def fire(self, trigger, speed, gap):
        self.state = TRANSITIONS.get((self.state, trigger), self.state)
        if self.state is Signal.REPORT:
            rep = jax.shard_map(queue_report, mesh=self.mesh, in_specs=SPEC,
                                out_specs=P(ROAD, None, reduced={VEH}))(speed)
            self.reports.append(np.asarray(rep))
            return speed
        go = self.state is Signal.GREEN
        return jax.shard_map(lambda s, g: advance(s, g, go), mesh=self.mesh,
                             in_specs=(SPEC, SPEC), out_specs=SPEC)(speed, gap)


def inputs():
    rng = np.random.default_rng(1)
    return rng.uniform(0, 10, (4, 16)).astype(np.float32), rng.uniform(2, 30, (4, 16)).astype(np.float32)


def main(speed, gap):
    mesh = jax.make_mesh((2, 4), (ROAD, VEH))
    sh = NamedSharding(mesh, SPEC)
    speed, gap = jax.device_put(speed, sh), jax.device_put(gap, sh)
    ctl = Controller(mesh)
    for trig in [Trigger.TIMER, Trigger.TIMER, Trigger.AUDIT, Trigger.TIMER]:
        speed = ctl.fire(trig, speed, gap)
    print(ctl.state, len(ctl.reports))


if __name__ == "__main__":
    main(*inputs())
