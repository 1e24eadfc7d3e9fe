"""Kinetic energy under an adapted diagonal metric whose entries are sharded over 'dim'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("chain", "dim"))


class DiagonalMetric:
    axis = "dim"

    def inverse(self, mass_shard):
        mass = jax.lax.all_gather(mass_shard, self.axis, tiled=True, to="reduced")
        return 1.0 / mass

    def kinetic(self, p, mass_shard):
        p_full = jax.lax.all_gather(p, self.axis, axis=1, tiled=True)
        return 0.5 * jnp.sum(p_full * p_full * self.inverse(mass_shard), axis=1)


def inputs():
    p = jnp.linspace(-1, 1, 2 * 8).reshape(2, 8)
    return (jax.device_put(p, NamedSharding(mesh, P("chain", "dim"))),
            jax.device_put(jnp.full(8, 2.0), NamedSharding(mesh, P("dim"))))


def main(p, mass):
    metric = DiagonalMetric()
    return jax.shard_map(metric.kinetic, mesh=mesh, in_specs=(P("chain", "dim"), P("dim")),
                         out_specs=P(("chain", "dim")))(p, mass)
