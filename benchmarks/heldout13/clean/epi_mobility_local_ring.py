"""Commuter mobility on a ring of regions: each region sends its own prevalence to the next;
the shared reduced copy is only returned for the dashboard."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Mobility:
    def __init__(self, axis, n, rate=0.05):
        self.axis, self.rate = axis, rate
        self.perm = [(k, (k + 1) % n) for k in range(n)]

    def flow(self, prevalence):
        inbound = jax.lax.ppermute(prevalence, self.axis, self.perm)
        return self.rate * (inbound - prevalence)


def step(infected, population, mobility):
    prevalence = infected / population
    shared = jax.lax.all_gather(prevalence, mobility.axis, tiled=True, to="reduced")
    return infected + mobility.flow(prevalence) * population, shared


def main(infected, population, mesh):
    mobility = Mobility("region", mesh.shape["region"])
    s = NamedSharding(mesh, P("region"))
    infected, population = jax.device_put(infected, s), jax.device_put(population, s)
    fn = jax.shard_map(lambda i, n: step(i, n, mobility), mesh=mesh,
                       in_specs=(P("region"), P("region")),
                       out_specs=(P("region"), P(None, reduced={"region"})))
    return fn(infected, population)


def inputs():
    mesh = jax.make_mesh((8,), ("region",))
    return jnp.arange(8.0) + 10.0, jnp.full((8,), 1000.0), mesh
