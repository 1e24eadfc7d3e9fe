"""ES with a shared noise table: slices assembled per parameter shard, then over the population."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


class NoiseTable:
    def __init__(self, pop_axis="pop", param_axis="param"):
        self.pop_axis, self.param_axis = pop_axis, param_axis

    def rows(self, local):
        return jax.lax.all_gather(local, self.param_axis, axis=1, tiled=True, to="reduced")

    def table(self, local):
        rows = self.rows(local)
        return jax.lax.all_gather(rows, (self.pop_axis, self.param_axis), axis=0, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((4, 2), ("pop", "param"))
    noise = jax.random.normal(jax.random.key(7), (8, 6))
    return mesh, noise


def main(mesh, noise):
    nt = NoiseTable()
    noise = jax.device_put(noise, NamedSharding(mesh, P("pop", "param")))
    f = jax.shard_map(nt.table, mesh=mesh, in_specs=P("pop", "param"),
                      out_specs=P(None, None, reduced={"pop", "param"}))
    return f(noise)
