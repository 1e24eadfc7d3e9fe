"""Baum-Welch M-step: state occupancies are summed over the state shards and marked reduced
(so their cotangent gets summed), then collected over all sequences and states."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MStep:
    seq_axis = "seq"
    state_axis = "state"

    @property
    def axes(self):
        return (self.seq_axis, self.state_axis)

    def occupancy(self, gamma):
        occ = jax.lax.psum(jnp.sum(gamma, axis=(0, 2)), self.state_axis)
        return jax.lax.pcast(occ, self.state_axis, to="reduced")

    def __call__(self, gamma):
        occ = self.occupancy(gamma)
        return jax.lax.all_gather(occ, self.axes, axis=0, tiled=True, to="reduced")


def main(gamma, mesh):
    m = MStep()
    gamma = jax.device_put(gamma, NamedSharding(mesh, P(None, *m.axes)))
    fn = jax.shard_map(m, mesh=mesh, in_specs=P(None, *m.axes),
                       out_specs=P(None, reduced=set(m.axes)))
    return fn(gamma)


def inputs():
    mesh = jax.make_mesh((4, 2), ("seq", "state"))
    return jax.random.uniform(jax.random.key(31), (5, 8, 6)), mesh
