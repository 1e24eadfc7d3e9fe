"""Agent-based epidemic: a census event counts infected agents over the whole population."""
import heapq

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh": {"shape": (2, 4), "axes": ("regions", "agents")},
    "census": {"count_over": ("regions", "agents")},
    "threshold": 0.5,
}


def infected_flags(viral_load):
    return (viral_load > CONFIG["threshold"]).astype(jnp.float32)


def census_body(viral_load):
    region_ax, agent_ax = CONFIG["mesh"]["axes"]
    flags = infected_flags(viral_load)
    # agents of one region first, then the population-wide total
    per_region = jax.lax.psum(jnp.sum(flags), agent_ax)
    total = jax.lax.psum(per_region, CONFIG["census"]["count_over"])
    return total[None]


def shed_body(viral_load, key_bits):
    decay = 0.9 * viral_load
    noise = (key_bits % 7).astype(jnp.float32) * 0.01
    return decay + noise


class Engine:
    def __init__(self, mesh):
        self.mesh = mesh
        self.spec = P(*CONFIG["mesh"]["axes"])
        self.handlers = {"shed": self.shed, "census": self.census}
        self.counts = []

    def shed(self, load, bits):
        return jax.shard_map(shed_body, mesh=self.mesh, in_specs=(self.spec, self.spec),
                             out_specs=self.spec)(load, bits)

    def census(self, load, bits):
        n = jax.shard_map(census_body, mesh=self.mesh, in_specs=self.spec, out_specs=P())(load)
        self.counts.append(int(n[0]))
        return load


def inputs():
    rng = np.random.default_rng(7)
    return (rng.uniform(0, 1, (8, 16)).astype(np.float32),
            rng.integers(0, 100, (8, 16)).astype(np.int32))


def main(load, bits):
    mesh = jax.make_mesh(CONFIG["mesh"]["shape"], CONFIG["mesh"]["axes"])
    sh = NamedSharding(mesh, P(*CONFIG["mesh"]["axes"]))
    load, bits = jax.device_put(load, sh), jax.device_put(bits, sh)
    engine = Engine(mesh)
    agenda = [(0.0, "shed"), (1.0, "shed"), (1.5, "census"), (2.0, "shed"), (3.0, "census")]
    heapq.heapify(agenda)
    while agenda:
        _, kind = heapq.heappop(agenda)
        load = engine.handlers[kind](load, bits)
    print(engine.counts)


if __name__ == "__main__":
    main(*inputs())
