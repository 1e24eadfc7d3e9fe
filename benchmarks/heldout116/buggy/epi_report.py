"""Discrete-event SIR simulator over households; a periodic report event logs prevalence."""
import heapq
import itertools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HOUSEHOLD_AXIS = "households"
STRAIN_AXIS = "strains"
BETA, GAMMA = 0.3, 0.1


@dataclass(order=True)
class Event:
    time: float
    seq: int
    kind: str = field(compare=False)
    payload: dict = field(compare=False, default_factory=dict)


class Simulator:
    def __init__(self, mesh, state):
        self.mesh = mesh
        self.state = state
        self.queue = []
        self.handlers = {}
        self.counter = itertools.count()
        self.log = []
        self.now = 0.0

    def on(self, kind):
        def register(fn):
            self.handlers[kind] = fn
            return fn
        return register

    def schedule(self, delay, kind, **payload):
        heapq.heappush(self.queue, Event(self.now + delay, next(self.counter), kind, payload))

    def run(self, until):
        while self.queue and self.queue[0].time <= until:
            ev = heapq.heappop(self.queue)
            self.now = ev.time
            self.handlers[ev.kind](self, ev)


def make_sim(mesh, infected, susceptible):
    sim = Simulator(mesh, {"I": infected, "S": susceptible})

    @sim.on("infect")
    def infect(sim, ev):
        def kernel(i, s):
            pressure = BETA * i * s
            return i + pressure - GAMMA * i, s - pressure
        step = jax.shard_map(kernel, mesh=sim.mesh,
                             in_specs=(P(HOUSEHOLD_AXIS, STRAIN_AXIS),) * 2,
                             out_specs=(P(HOUSEHOLD_AXIS, STRAIN_AXIS),) * 2)
        sim.state["I"], sim.state["S"] = step(sim.state["I"], sim.state["S"])
        sim.schedule(1.0, "infect")

    @sim.on("report")
    def report(sim, ev):
        def prevalence(i):
            per_strain = jax.lax.psum(jnp.sum(i, axis=0, keepdims=True), HOUSEHOLD_AXIS)
            return jax.lax.all_gather(per_strain, HOUSEHOLD_AXIS, axis=0, tiled=True, to="reduced")
        snap = jax.shard_map(prevalence, mesh=sim.mesh,
                             in_specs=P(HOUSEHOLD_AXIS, STRAIN_AXIS),
                             out_specs=P(None, STRAIN_AXIS, reduced={HOUSEHOLD_AXIS}))(sim.state["I"])
        sim.log.append((sim.now, np.asarray(snap)))
        sim.schedule(ev.payload["every"], "report", every=ev.payload["every"])

    return sim


def inputs():
    rng = np.random.default_rng(0)
    infected = rng.uniform(0.0, 0.05, size=(16, 8)).astype(np.float32)
    return infected, (1.0 - infected).astype(np.float32)


def main(infected, susceptible):
    mesh = jax.make_mesh((4, 2), (HOUSEHOLD_AXIS, STRAIN_AXIS))
    spec = NamedSharding(mesh, P(HOUSEHOLD_AXIS, STRAIN_AXIS))
    sim = make_sim(mesh, jax.device_put(infected, spec), jax.device_put(susceptible, spec))
    sim.schedule(0.0, "infect")
    sim.schedule(0.5, "report", every=5.0)
    sim.run(until=12.0)
    for t, snap in sim.log:
        print(f"t={t:5.1f} prevalence={snap.sum():.4f}")


if __name__ == "__main__":
    main(*inputs())
