"""Baum-Welch occupancies summed over the state shards and marked reduced for the gradient;
they are returned as they are, with the reduced axis in out_specs."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MStep:
    seq_axis = "seq"
    state_axis = "state"

    def __call__(self, gamma):
        occ = jax.lax.psum(jnp.sum(gamma, axis=(0, 2)), self.state_axis)
        return jax.lax.pcast(occ, self.state_axis, to="reduced")


def main(gamma, mesh):
    m = MStep()
    spec = P(None, m.seq_axis, m.state_axis)
    gamma = jax.device_put(gamma, NamedSharding(mesh, spec))
    fn = jax.shard_map(m, mesh=mesh, in_specs=spec,
                       out_specs=P(m.seq_axis, reduced={m.state_axis}))
    return fn(gamma)


def inputs():
    mesh = jax.make_mesh((4, 2), ("seq", "state"))
    return jax.random.uniform(jax.random.key(65), (5, 8, 6)), mesh
