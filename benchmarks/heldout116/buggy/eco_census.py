"""Predator-prey agent-based model on a patch grid; an observer publishes species counts each season."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Species:
    table = {}

    def __init__(self, name, birth, death):
        self.name, self.birth, self.death = name, birth, death
        Species.table[name] = self


Species("rabbit", birth=0.08, death=0.02)
Species("fox", birth=0.01, death=0.05)


class Ecosystem:
    patch_axis = "patches"
    species_axis = "species"

    def __init__(self, mesh):
        self.mesh = mesh
        self.observers = []
        self.spec = P(self.patch_axis, self.species_axis)

    def observe(self, fn):
        self.observers.append(fn)
        return fn

    def season(self, pop, rates):
        def grow(p, r):
            return jnp.maximum(p * (1.0 + r), 0.0)
        pop = jax.shard_map(grow, mesh=self.mesh, in_specs=(self.spec, self.spec), out_specs=self.spec)(pop, rates)
        for fn in self.observers:
            fn(self, pop)
        return pop


COUNTS = []


def count_kernel(eco):
    def body(p):
        # all species of a patch together, then the patch column for the dashboard
        per_patch = jax.lax.psum(jnp.sum(p, axis=1, keepdims=True), eco.species_axis)
        return jax.lax.all_gather(per_patch, eco.species_axis, axis=0, tiled=True, to="reduced")
    return body


def inputs():
    rng = np.random.default_rng(41)
    pop = rng.integers(0, 50, (16, 4)).astype(np.float32)
    rates = np.tile(np.array([0.06, -0.04, 0.06, -0.04], np.float32), (16, 1))
    return pop, rates


def main(pop, rates):
    mesh = jax.make_mesh((4, 2), (Ecosystem.patch_axis, Ecosystem.species_axis))
    eco = Ecosystem(mesh)

    @eco.observe
    def census(eco, pop):
        c = jax.shard_map(count_kernel(eco), mesh=eco.mesh, in_specs=eco.spec,
                          out_specs=P(None, None, reduced={eco.patch_axis}))(pop)
        COUNTS.append(np.asarray(c))

    sh = NamedSharding(mesh, eco.spec)
    pop, rates = jax.device_put(pop, sh), jax.device_put(rates, sh)
    for _ in range(3):
        pop = eco.season(pop, rates)
    print(len(COUNTS))


if __name__ == "__main__":
    main(*inputs())
