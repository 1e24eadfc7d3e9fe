"""ECS particle swarm: the collision system exchanges boundary entities with the next shard."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SHARDS = 4


@dataclass
class Components:
    position: dict = field(default_factory=dict)
    radius: dict = field(default_factory=dict)


@dataclass
class Scheduler:
    mesh: object
    order: list = field(default_factory=list)

    def add(self, name, fn):
        self.order.append((name, fn))

    def tick(self, store):
        for name, fn in self.order:
            store = fn(self.mesh, store)
        return store


def ring(n):
    return [(k, (k + 1) % n) for k in range(n)]


def broadphase(mesh, store):
    def body(pos):
        swarm = jax.lax.all_gather(pos, "swarm", axis=0, tiled=True)
        nearest = swarm[:1]
        return pos - 0.01 * nearest
    pos = store["position"]
    store["position"] = jax.shard_map(body, mesh=mesh, in_specs=P("swarm", "xyz"),
                                      out_specs=P("swarm", "xyz"))(pos)
    return store


def halo_collide(mesh, store):
    def body(pos):
        # the whole swarm on every device, reduced so gradients stay summed once
        swarm = jax.lax.all_gather(pos, "swarm", axis=0, tiled=True, to="reduced")
        ghost = jax.lax.ppermute(swarm, "swarm", perm=ring(N_SHARDS))
        overlap = jnp.minimum(jnp.abs(pos - ghost[: pos.shape[0]]), 0.5)
        return pos + overlap
    store["position"] = jax.shard_map(body, mesh=mesh, in_specs=P("swarm", "xyz"),
                                      out_specs=P("swarm", "xyz"))(store["position"])
    return store


def inputs():
    return (np.random.default_rng(2).uniform(-1, 1, (16, 4)).astype(np.float32),)


def main(position):
    mesh = jax.make_mesh((N_SHARDS, 2), ("swarm", "xyz"))
    sched = Scheduler(mesh)
    sched.add("broadphase", broadphase)
    sched.add("collide", halo_collide)
    store = {"position": jax.device_put(position, NamedSharding(mesh, P("swarm", "xyz")))}
    for _ in range(2):
        store = sched.tick(store)
    print(np.asarray(store["position"]).mean())


if __name__ == "__main__":
    main(*inputs())
